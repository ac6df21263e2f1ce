import { describe, expect, it } from 'vitest';
import { msg, type Message } from '../i18n/message';
import { DeviceLostError, watched } from './deviceWatch';

const LOST = msg('engine.lost.webgl');
const never = <T>() => new Promise<T>(() => undefined);

describe('watched: a wait on the device raced against its loss', () => {
  it('answers as the read does while the device works', async () => {
    await expect(watched(Promise.resolve(7), () => null)).resolves.toBe(7);
    await expect(watched(Promise.reject(new Error('bad shape')), () => null)).rejects.toThrow('bad shape');
  });

  it('ends a read that never answers once the device is lost, with the loss as its message', async () => {
    let lost: Message | null = null;
    setTimeout(() => (lost = LOST), 150);
    const started = performance.now();
    const err: unknown = await watched(never<number>(), () => lost).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceLostError);
    expect((err as DeviceLostError).said).toEqual(LOST);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses at once when the device is already gone, and a late failure of the read is not left unhandled', async () => {
    let fail: (err: Error) => void = () => undefined;
    const read = new Promise<number>((_, reject) => (fail = reject));
    await expect(watched(read, () => LOST)).rejects.toBeInstanceOf(DeviceLostError);
    fail(new Error('context lost'));
    await new Promise((r) => setTimeout(r, 0));
  });

  it('is the read itself where there is no device to watch', () => {
    const read = Promise.resolve(1);
    expect(watched(read, undefined)).toBe(read);
  });
});
