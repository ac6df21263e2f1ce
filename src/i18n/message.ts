/**
 * How a text travels from any layer to the page: a message id of the catalogs and its values,
 * never a sentence. The page (or pure code with a Translator) says it in the reader's language, so
 * a message made before the reader switches language is shown in the new one. This module is the
 * one part of src/i18n every layer may import: types and plain data, no catalog, no formatter.
 */
import type { StaticMessageId } from './catalogs/en';

/** Prefixes of the ids generated from the config tables' own English (tableMessages.ts). */
export type TableMessagePrefix = 'setting' | 'view' | 'model' | 'backend' | 'dataset' | 'panel' | 'preset' | 'lesson' | 'job';

/** A static message's id, or a table message's generated id (setting.…, view.…, model.…). */
export type MessageId = StaticMessageId | `${TableMessagePrefix}.${string}`;

/** A value inside a message: recorded data as it came (a number, a name, a raw library text), or another message said in the same language. */
export type MessageValue = string | number | Message;

/** A text as data: plain objects only, so it crosses postMessage and structuredClone unchanged. */
export interface Message {
  readonly id: MessageId;
  readonly values?: Readonly<Record<string, MessageValue>>;
}

export function msg(id: MessageId, values?: Readonly<Record<string, MessageValue>>): Message {
  return values === undefined ? { id } : { id, values };
}

export function isMessage(value: unknown): value is Message {
  return typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';
}

/** A message as plain text without any catalog (its id and values), for logs and tests; the page never shows this. */
export function plainText(message: Message): string {
  const values = Object.entries(message.values ?? {}).map(([key, value]) => `${key}=${typeof value === 'object' ? `(${plainText(value)})` : String(value)}`);
  return values.length ? `${message.id} ${values.join(' ')}` : message.id;
}

/** An error whose text is a message: what any layer throws when a person may read why. */
export class MessageError extends Error {
  constructor(
    readonly said: Message,
    options?: ErrorOptions,
  ) {
    super(plainText(said), options);
    this.name = 'MessageError';
  }
}

/** Longest raw error text carried as a value; library messages can embed whole shader sources. */
export const MAX_DETAIL_CHARS = 300;

/** An error's own words as a message value: a MessageError's message, or the first line of any other error's text, as it came. */
export function detailOf(err: unknown): string | Message {
  if (err instanceof MessageError) return err.said;
  // GPUError and friends carry a message without being Errors.
  const { name, message } = typeof err === 'object' && err !== null ? (err as { name?: unknown; message?: unknown }) : {};
  const raw = typeof message === 'string' ? message : String(err);
  const first = raw.split('\n')[0].trim();
  if (first === '') return typeof name === 'string' && name ? name : msg('error.unknown');
  return first.length > MAX_DETAIL_CHARS ? `${first.slice(0, MAX_DETAIL_CHARS)}…` : first;
}

/** What anything thrown says: a MessageError's message, or another error's raw text inside a translated sentence. */
export function messageOf(err: unknown): Message {
  const detail = detailOf(err);
  return typeof detail === 'object' ? detail : msg('error.unexpected', { detail });
}
