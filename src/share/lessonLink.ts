/**
 * A lesson in a link: `#…&ld=` the lesson document, compressed and read back exactly like a shared
 * result (src/share/payloadCodec.ts: same limits, same damage messages), then validated.
 */
import type { Lesson } from '../config/lessons';
import { msg, MessageError } from '../i18n/message';
import { LESSON_KEY, linkTooLong, MAX_HASH_CHARS } from './hashState';
import { part } from './messages';
import { lessonDocument, validateLesson, type LessonReading } from './lessonDoc';
import { decodeJsonPayload, encodeJsonPayload, MAX_LINK_CHARS } from './payloadCodec';

/** The `ld` payload of a lesson; rejects when the lesson does not validate cleanly or cannot fit a link. */
export async function encodeLessonPayload(lesson: Lesson): Promise<string> {
  const document = lessonDocument(lesson);
  const check = validateLesson(JSON.parse(JSON.stringify(document)));
  if (check.errors.length > 0) throw new MessageError(msg('check.lesson.cannotShare', { problem: check.errors[0] }));
  const payload = await encodeJsonPayload(document);
  if (payload.length > MAX_LINK_CHARS) throw new MessageError(msg('check.lesson.tooLongForLink', { length: String(payload.length), max: String(MAX_LINK_CHARS) }));
  return payload;
}

/** The raw `ld` value of a hash, or the text itself when it is a bare payload. */
function payloadFrom(fragment: string): string | null {
  const isHash = fragment.startsWith('#') || fragment.includes('=') || fragment.includes('&');
  if (!isHash) return fragment;
  const body = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  const part = body.split('&').find((p) => p.startsWith(`${LESSON_KEY}=`));
  return part === undefined ? null : part.slice(LESSON_KEY.length + 1);
}

/** Reads a lesson from a payload or a whole hash; never rejects. */
export async function decodeLessonPayload(fragment: string): Promise<LessonReading> {
  try {
    if (fragment.length > MAX_HASH_CHARS + 1) return { lesson: null, errors: [linkTooLong(fragment.length)] };
    const payload = payloadFrom(fragment);
    if (payload === null) return { lesson: null, errors: [msg('check.lesson.none')] };
    const decoded = await decodeJsonPayload(payload, part('check.part.lesson'));
    if (!decoded.ok) return { lesson: null, errors: decoded.errors };
    return validateLesson(decoded.value);
  } catch (error) {
    // Every known failure is handled above; this keeps the promise from ever rejecting.
    return { lesson: null, errors: [msg('check.unreadable', { what: part('check.part.lesson'), detail: error instanceof Error ? error.name : msg('error.unknown') })] };
  }
}
