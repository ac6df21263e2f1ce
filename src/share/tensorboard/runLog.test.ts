import { describe, expect, it } from 'vitest';
import { histogramOf } from '../../metrics/histogram';
import { decodeEvent, type DecodedEvent } from './decodeEvent';
import { FILE_VERSION } from './events';
import { readRecords } from './tfrecord';
import { tensorboardFileName, tensorboardLog, type RunLog } from './runLog';

const STARTED = Date.UTC(2025, 0, 2, 3, 4, 5, 678);

const RUN: RunLog = {
  startedAt: STARTED,
  scalars: [
    { tag: 'loss', points: [{ step: 2, value: 0.5 }, { step: 1, value: 0.9, wallTime: STARTED + 1500 }, { step: 3, value: NaN }] },
    { tag: 'accuracy', points: [{ step: 1, value: 0.25 }, { step: 2, value: 0.75 }] },
  ],
  histograms: [
    { tag: 'dense/kernel', step: 3, histogram: histogramOf(new Float32Array([1, 2, 3, 4])) },
    { tag: 'dense/kernel', step: 1, histogram: histogramOf(new Float32Array([0, 0, 1])) },
  ],
  texts: [{ tag: 'settings', text: '| lr | 0.01 |' }],
};

const summary = (e: DecodedEvent): string => {
  const v = e.values[0];
  const kind = v.histo ? `histo(${v.histo.num})` : v.strings ? 'text' : `${v.simpleValue}`;
  return `${e.step} ${v.tag} ${kind}`;
};

describe('tensorboardLog', () => {
  const events = readRecords(tensorboardLog(RUN)).map(decodeEvent);

  it('starts with the file version at the run start, in seconds', () => {
    expect(events[0]).toMatchObject({ fileVersion: FILE_VERSION, wallTime: STARTED / 1000 });
  });

  it('writes texts first, then scalars in step order, then histograms in step order', () => {
    expect(events.slice(1).map(summary)).toEqual([
      '0 settings text',
      '1 loss 0.8999999761581421',
      '1 accuracy 0.25',
      '2 loss 0.5',
      '2 accuracy 0.75',
      '3 loss NaN',
      '1 dense/kernel histo(3)',
      '3 dense/kernel histo(4)',
    ]);
  });

  it('uses a point’s own wall time when it has one, else the run start', () => {
    expect(events[2].wallTime).toBe((STARTED + 1500) / 1000);
    expect(events[3].wallTime).toBe(STARTED / 1000);
  });

  it('writes a file with only the version record for an empty run', () => {
    expect(readRecords(tensorboardLog({ startedAt: STARTED, scalars: [], histograms: [], texts: [] }))).toHaveLength(1);
  });
});

describe('tensorboardFileName', () => {
  it('names the file as TensorBoard expects, in whole seconds', () => {
    expect(tensorboardFileName(STARTED)).toBe(`events.out.tfevents.${Math.floor(STARTED / 1000)}.gpu-playground`);
    expect(tensorboardFileName(STARTED, 'my laptop/2')).toMatch(/\.tfevents\.\d+\.my-laptop-2$/);
  });
});
