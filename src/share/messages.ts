/** Error collection for untrusted input: bounded in count, with hostile text shown short and inert. */

/** At most this many problems are listed; the rest are counted in one last line. */
export const MAX_REPORTED_ERRORS = 12;
/** Untrusted text quoted in a message is cut to this many characters. */
export const MAX_QUOTED_CHARS = 40;

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

/** Quotes an untrusted value for a message: short, single-line, control characters replaced. */
export function quoted(value: unknown): string {
  const text = typeof value === 'string' ? value : describeKind(value);
  const clean = text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '?');
  const cut = clean.length > MAX_QUOTED_CHARS ? `${clean.slice(0, MAX_QUOTED_CHARS)}…` : clean;
  return `'${cut}'`;
}

/** Names a non-string value without calling anything on it (a hostile object could carry its own toString). */
function describeKind(value: unknown): string {
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'undefined') return String(value);
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}
