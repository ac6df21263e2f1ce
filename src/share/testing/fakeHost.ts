import type { UrlHost } from '../settingsStore';

/** An address bar for tests: records every write, and navigates (like back / forward or an edit) when told. */
export class FakeHost implements UrlHost {
  hash: string;
  time = 0;
  readonly writes: [string, 'push' | 'replace'][] = [];
  private listener: () => void = () => undefined;

  constructor(hash: string) {
    this.hash = hash;
  }

  readHash = () => this.hash;
  writeHash = (hash: string, mode: 'push' | 'replace') => {
    this.hash = hash;
    this.writes.push([hash, mode]);
  };
  onNavigate = (listener: () => void) => {
    this.listener = listener;
  };
  now = () => this.time;

  navigate(hash: string): void {
    this.hash = hash;
    this.listener();
  }
}
