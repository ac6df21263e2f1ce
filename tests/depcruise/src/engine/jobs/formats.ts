// only-the-page-formats: the worker sends message ids; it never formats them. Its Message type is fine.
import { message } from '../../i18n/message';
import { translator } from '../../i18n/translator';
export const formats = `${message} ${translator}`;
