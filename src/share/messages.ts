/** Error collection for untrusted input: bounded in count, with hostile text shown short and inert. */
export { MAX_QUOTED_CHARS, quoted } from '../config/schema';

/** At most this many problems are listed; the rest are counted in one last line. */
export const MAX_REPORTED_ERRORS = 12;

export class ErrorList {
  private readonly messages: string[] = [];
  private dropped = 0;

  add(message: string): void {
    if (this.messages.length < MAX_REPORTED_ERRORS) this.messages.push(message);
    else this.dropped++;
  }

  addAll(messages: readonly string[]): void {
    for (const m of messages) this.add(m);
  }

  get count(): number {
    return this.messages.length + this.dropped;
  }

  toArray(): string[] {
    if (this.dropped === 0) return [...this.messages];
    return [...this.messages, `…and ${this.dropped} more problem${this.dropped === 1 ? '' : 's'}`];
  }
}
