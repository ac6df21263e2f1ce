import type { SlotStorage } from '../unfinishedRun';

/** The unfinished-run slot in a variable, for tests: `record` can be set to anything, as a damaged database would hold. */
export function memorySlot(): SlotStorage & { record: unknown; writes: number } {
  return {
    record: undefined,
    writes: 0,
    async read() {
      return this.record;
    },
    async write(record) {
      this.writes += 1;
      this.record = record;
    },
    async clear() {
      this.record = undefined;
    },
  };
}
