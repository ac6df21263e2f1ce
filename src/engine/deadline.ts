import { MessageError, type Message } from '../i18n/message';

/**
 * `work`, or a MessageError saying `late` once `ms` have passed without it settling: a promise that never settles
 * (a fetch, a compile or an adapter request the browser leaves hanging) ends in a sentence. The work itself goes on.
 */
export function withDeadline<T>(work: Promise<T>, ms: number, late: Message): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new MessageError(late)), ms);
  });
  return Promise.race([work, expired]).finally(() => clearTimeout(timer));
}
