/**
 * How the checkpoint validator refuses a file: one sentence, "Not a usable checkpoint: <reason>.",
 * thrown as Refused and caught by decodeCheckpoint; and the small readers of header values it uses.
 */
import { quoted } from '../../config/schema';
import { msg, MessageError, type Message, type MessageId, type MessageValue } from '../../i18n/message';

export class Refused extends MessageError {}

export function refuse(id: MessageId, values?: Readonly<Record<string, MessageValue>>): never {
  throw new Refused(msg('check.file.unusable', { reason: msg(id, values) }));
}

/** A part of the file named in a refusal ("its progress", "tensor 3"). */
export function part(id: MessageId, values?: Readonly<Record<string, MessageValue>>): Message {
  return msg(id, values);
}

/** An object with exactly `keys`: none missing, none other. */
export function record(value: unknown, what: Message, keys: readonly string[]): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse('check.file.notObject', { what });
  const present = Object.keys(value);
  const missing = keys.find((k) => !present.includes(k));
  if (missing) refuse('check.file.lacks', { what, key: missing });
  const extra = present.find((k) => !keys.includes(k));
  if (extra !== undefined) refuse('check.file.unknownKey', { what, key: quoted(extra) });
  return value as Record<string, unknown>;
}

export function wholeNumber(value: unknown, what: Message, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) refuse('check.file.notWhole', { what, max: String(max) });
  return value;
}

export function finite(value: unknown, what: Message): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) refuse('check.file.notFinite', { what });
  return value;
}
