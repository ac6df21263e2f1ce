import { describe, expect, it } from 'vitest';
import { defaultLabSettings } from '../../config/labConfig';
import { DeviceClient } from '../../engine/client/deviceClient';
import { raceRow } from '../../engine/protocol/labFixtures';
import { FakeOwnerPort, immediately } from '../testing/fakeOwner';
import { LabSession } from './labSession';

describe('the lab session', () => {
  it('queues each job with the device owner and folds what the owner reports into its panel’s state', () => {
    const port = new FakeOwnerPort();
    const lab = new LabSession(new DeviceClient(() => port), immediately);
    const settings = { ...defaultLabSettings(), model: 'tiny' as const, backends: ['cpu' as const] };
    const id = lab.start('race', settings);
    expect(port.lastSubmit()).toEqual({ type: 'submit', id, request: { kind: 'race', settings } });
    expect(lab.getSnapshot().jobs.race).toMatchObject({ id, status: 'queued' });
    expect(lab.getSnapshot().settings.race).toEqual(settings);
    port.run(id, 'race');
    expect(lab.getSnapshot().jobs.race?.status).toBe('running');
    port.event(id, { type: 'raceRow', row: raceRow('cpu', 100) });
    port.end(id);
    expect(lab.getSnapshot().jobs.race).toMatchObject({ status: 'done', raceRows: [{ backend: 'cpu' }] });
  });

  it('cancels the latest job of a kind, queued or running, and nothing once it ended', () => {
    const port = new FakeOwnerPort();
    const lab = new LabSession(new DeviceClient(() => port), immediately);
    const id = lab.readDevice();
    lab.cancel('deviceReport');
    expect(port.commands.at(-1)).toEqual({ type: 'cancel', id });
    port.end(id, { status: 'cancelled' });
    lab.cancel('deviceReport');
    expect(port.commands.filter((c) => c.type === 'cancel')).toHaveLength(1);
    expect(lab.getSnapshot().jobs.deviceReport?.status).toBe('cancelled');
  });
});
