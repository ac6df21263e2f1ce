/**
 * The link that brings a room onto what the teacher shows: the open view and its settings, the
 * lesson and its step (a written lesson's document too), the language if one was chosen; never
 * presentation mode (a student's laptop is no projector), a shared result or a board.
 */
import { settingsToHash, withPageFields, type PageSettings } from './pageSettings';

export function roomLinkHash(settings: PageSettings, lessonPayload: string | null): string {
  return settingsToHash(withPageFields(settings, { present: 'off' }), null, lessonPayload, null);
}
