/**
 * How a data set's readers and importers refuse their input: one sentence per source, such as
 * "Not a usable data set file: <reason>." or "This CSV cannot be made into a data set: <reason>.",
 * where the reason is the first thing found wrong. Deep code throws the reason (refuse); the entry
 * point wraps it in its source's sentence (refusing), as the checkpoint validator does.
 */
import { detailOf, msg, MessageError, type Message, type MessageId, type MessageValue } from '../../i18n/message';

/** A reason an input was refused, thrown and caught inside this folder only. */
export class OwnRefusal extends MessageError {}

export function refuse(id: MessageId, values?: Readonly<Record<string, MessageValue>>): never {
  throw new OwnRefusal(msg(id, values));
}

/** The sentences each source's refusals are said in. */
export const SOURCE_SENTENCE = {
  file: 'check.dataset.file',
  csv: 'check.dataset.csv',
  images: 'check.dataset.images',
  zip: 'check.dataset.zip',
  examples: 'check.dataset.examples',
} as const satisfies Record<string, MessageId>;

export type OwnSource = keyof typeof SOURCE_SENTENCE;

export type Refusable<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: Message };

/** The sentence for anything `make` threw: its reason when refused, a library's own words otherwise. */
export function refusalOf(source: OwnSource, err: unknown): Message {
  const reason = err instanceof OwnRefusal ? err.said : detailOf(err);
  return msg(SOURCE_SENTENCE[source], { reason });
}

/** Runs `make`; a refusal (or any error) becomes its source's sentence. Never throws. */
export function refusing<T>(source: OwnSource, make: () => T): Refusable<T> {
  try {
    return { ok: true, value: make() };
  } catch (err) {
    return { ok: false, error: refusalOf(source, err) };
  }
}

const MEGABYTE = 1024 * 1024;

/** Bytes as MB for a refusal, rounded up to a tenth so that a size just over a cap never reads as the cap. */
export function megabytes(bytes: number): number {
  return Math.ceil((bytes / MEGABYTE) * 10) / 10;
}
