import { describe, expect, it } from 'vitest';
import { defaultCnnConfig } from '../../config/cnnConfig';
import type { OwnerEvent } from '../protocol/jobs';
import { handleOwnerCommand } from './commands';
import { msg } from '../../i18n/message';

describe("the worker's message handling", () => {
  it('hands jobs, cancels and controls to the owner, and answers detect at once with the backends', async () => {
    const calls: string[] = [];
    const owner = {
      submit: (id: number) => void calls.push(`submit ${id}`),
      cancel: (id: number) => void calls.push(`cancel ${id}`),
      control: (id: number, c: { action: string }) => void calls.push(`control ${id} ${c.action}`),
    };
    const posted: OwnerEvent[] = [];
    const backends = [{ name: 'cpu' as const, available: true, reason: msg('engine.backend.cpu.ready') }];
    const detect = async () => backends;
    handleOwnerCommand({ type: 'submit', id: 1, request: { kind: 'train', config: defaultCnnConfig() } }, owner, detect, (e) => posted.push(e));
    handleOwnerCommand({ type: 'control', id: 1, control: { action: 'pause' } }, owner, detect, (e) => posted.push(e));
    handleOwnerCommand({ type: 'cancel', id: 1 }, owner, detect, (e) => posted.push(e));
    handleOwnerCommand({ type: 'detect' }, owner, detect, (e) => posted.push(e));
    await Promise.resolve();
    expect(calls).toEqual(['submit 1', 'control 1 pause', 'cancel 1']);
    expect(posted).toEqual([{ type: 'backends', backends }]);
  });

  it('answers a debug command at once with its error, or null', () => {
    const owner = { submit: () => undefined, cancel: () => undefined, control: () => undefined };
    const posted: OwnerEvent[] = [];
    const detect = async () => [];
    handleOwnerCommand({ type: 'debug', command: { action: 'loseDevice' } }, owner, detect, (e) => posted.push(e), () => null);
    handleOwnerCommand({ type: 'debug', command: { action: 'loseDevice' } }, owner, detect, (e) => posted.push(e), () => 'no GPU');
    handleOwnerCommand({ type: 'debug', command: { action: 'loseDevice' } }, owner, detect, (e) => posted.push(e));
    expect(posted).toEqual([
      { type: 'debugDone', command: { action: 'loseDevice' }, error: null },
      { type: 'debugDone', command: { action: 'loseDevice' }, error: 'no GPU' },
      { type: 'debugDone', command: { action: 'loseDevice' }, error: 'Debug commands are not available here.' },
    ]);
  });
});
