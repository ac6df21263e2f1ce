/**
 * What the model session says (notes, its own errors, where a model came from), kept as a message
 * id with its values rather than as text, so that a note made before the reader switches language
 * is shown in the new one. Errors from the worker and the file validator come as text, in English
 * like every engine message.
 */
import { Translator, type MessageId } from '../../i18n/translator';

export interface PageMessage {
  id: MessageId;
  /** Values, a nested message among them (e.g. where a model was loaded from). */
  values?: Readonly<Record<string, string | number | ModelMessage>>;
}

export type ModelMessage = PageMessage | { text: string };

/** A message in the translator's language; text that came as text is shown as it is. */
export function say(message: ModelMessage, translator: Translator): string {
  if ('text' in message) return message.text;
  const values = Object.fromEntries(Object.entries(message.values ?? {}).map(([key, value]) => [key, typeof value === 'object' ? say(value, translator) : value]));
  return translator.t(message.id, values);
}

const ENGLISH = new Translator('en');

/** An error the model session raises itself: its message is the English, its `said` the message to show. */
export class ModelMessageError extends Error {
  constructor(readonly said: PageMessage) {
    super(say(said, ENGLISH));
  }
}

/** What to show for anything thrown: the session's own message, or the text of any other error. */
export function messageOfError(error: unknown): ModelMessage {
  if (error instanceof ModelMessageError) return error.said;
  return { text: error instanceof Error ? error.message : String(error) };
}
