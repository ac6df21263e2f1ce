/** Tests check a message as the English page would say it. */
import type { Message } from '../message';
import { catalog, resolveId, Translator } from '../translator';

const ENGLISH = new Translator('en');

/** A message (or a list of them) in English; null and undefined stay as they are, so `toBeNull` still reads. */
export function english(message: Message): string;
export function english(message: readonly Message[]): string[];
export function english(message: Message | null | undefined): string | null | undefined;
export function english(message: Message | readonly Message[] | null | undefined): string | string[] | null | undefined {
  if (message === null || message === undefined) return message;
  if (Array.isArray(message)) return message.map((m: Message) => ENGLISH.say(m));
  return ENGLISH.say(message as Message);
}

/** What a rejected promise or thrown error says in English (a MessageError's message, else its own text). */
export function englishError(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'said' in error) return ENGLISH.say((error as { said: Message }).said);
  return error instanceof Error ? error.message : String(error);
}

/** Whether a message and every message among its values name ids the English catalog has (a typo or a stale id would show as an id). */
export function sayable(message: Message): boolean {
  if (!Object.hasOwn(catalog('en'), resolveId(message.id))) return false;
  return Object.values(message.values ?? {}).every((value) => typeof value !== 'object' || sayable(value));
}

/** What a promise rejects with, in English; fails the test's expectation (with a clear text) when it resolves. */
export async function englishRejection(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return englishError(error);
  }
  return '(it resolved)';
}
