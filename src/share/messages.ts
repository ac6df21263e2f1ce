/** Error collection for untrusted input: bounded in count, with hostile text shown short and inert. */
import { msg, type Message, type MessageValue } from '../i18n/message';
export { MAX_QUOTED_CHARS, quoted } from '../config/schema';

/** At most this many problems are listed; the rest are counted in one last line. */
export const MAX_REPORTED_ERRORS = 12;

export class ErrorList {
  private readonly messages: Message[] = [];
  private dropped = 0;

  add(message: Message): void {
    if (this.messages.length < MAX_REPORTED_ERRORS) this.messages.push(message);
    else this.dropped++;
  }

  /** Shorthand for `add(msg(id, values))`: one problem by its catalog id (src/i18n/catalogs/en/checks.ts). */
  say(id: Message['id'], values?: Readonly<Record<string, MessageValue>>): void {
    this.add(msg(id, values));
  }

  addAll(messages: readonly Message[]): void {
    for (const m of messages) this.add(m);
  }

  get count(): number {
    return this.messages.length + this.dropped;
  }

  toArray(): Message[] {
    if (this.dropped === 0) return [...this.messages];
    return [...this.messages, msg('check.moreProblems', { count: this.dropped })];
  }
}

/** A part of a document named in a problem ("the shared result", "summary row 2"), said in the reader's language. */
export function part(id: Message['id'], values?: Readonly<Record<string, MessageValue>>): Message {
  return msg(id, values);
}
