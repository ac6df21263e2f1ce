import { DEVICE_LOST_POLL_MS } from '../config/tunables';
import { MessageError, type Message } from '../i18n/message';

/** The GPU context or device went away under the run; its message says which. */
export class DeviceLostError extends MessageError {
  override name = 'DeviceLostError';
}

/** Why the device is gone, or null while it works. */
export type LostProbe = () => Message | null;

/**
 * The one way a run waits on its device: a lost WebGL context never answers a read-back (and a
 * lost WebGPU device may not), so the wait is raced against the device's loss, polled meanwhile.
 * Without a probe (a CPU backend, a test) the wait is the read itself.
 */
export function watched<T>(read: Promise<T>, lost: LostProbe | undefined): Promise<T> {
  if (!lost) return read;
  return new Promise<T>((resolve, reject) => {
    const check = (): boolean => {
      const why = lost();
      if (why) reject(new DeviceLostError(why));
      return why !== null;
    };
    if (check()) {
      read.catch(() => undefined); // the read may still fail later; nobody waits for it now
      return;
    }
    const timer = setInterval(() => {
      if (check()) clearInterval(timer);
    }, DEVICE_LOST_POLL_MS);
    read.then(
      (value) => (clearInterval(timer), resolve(value)),
      (err: unknown) => (clearInterval(timer), reject(err)),
    );
  });
}
