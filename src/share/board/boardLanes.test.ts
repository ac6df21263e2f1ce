import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { BOARD_FORMAT, boardDocument, validateBoardDocument } from './boardDoc';
import type { BoardEntry, BoardWorkload } from './boardEntry';

const RACE: BoardWorkload = { kind: 'race', model: 'tiny', dataset: 'mnist', batchSize: 16, warmupSteps: 1, steps: 3, app: '0.1.0' };
const DEVICE = { gpuVendor: 'nvidia', renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 4070 Direct3D11 vs_5_0 ps_5_0, D3D11)', os: 'Windows', browser: 'Chrome 156' };
const BOTH: BoardEntry = { id: 'both1', workload: RACE, device: DEVICE, speeds: { cpu: 40, wasm: 400, webgpu: 8000, 'webgpu-tfjs': 2000 }, software: ['webgpu-tfjs'] };

/** A board link's document as the app wrote it before the app's engine: format 1, figures by backend. */
const FORMAT_1 = { board: 1, workloads: [RACE], rows: [{ id: 'old1', w: 0, v: 'google', g: 'SwiftShader', os: 'Linux', b: 'Chrome 131', x: { cpu: 28, wasm: 380, webgpu: 60 }, s: ['webgpu'] }] };

describe('the board document, by lane', () => {
  it('writes format 2, each lane a key of its own, and reads it back the same', () => {
    const doc = boardDocument([BOTH]);
    expect(doc.board).toBe(BOARD_FORMAT);
    expect(doc.rows[0]).toMatchObject({ x: { cpu: 40, wasm: 400, webgpu: 8000, 'webgpu-tfjs': 2000 }, s: ['webgpu-tfjs'] });
    const reading = validateBoardDocument(JSON.parse(JSON.stringify(doc)));
    expect(english(reading.errors)).toEqual([]);
    expect(reading.entries).toEqual([BOTH]);
  });

  it('reads an older board’s WebGPU as TensorFlow.js’s, which it was', () => {
    const reading = validateBoardDocument(structuredClone(FORMAT_1));
    expect(english([...reading.errors, ...reading.refusals.flatMap((r) => r.errors)])).toEqual([]);
    expect(reading.entries[0]).toMatchObject({ speeds: { cpu: 28, wasm: 380, 'webgpu-tfjs': 60 }, software: ['webgpu-tfjs'] });
  });

  it('refuses a lane an older board could not name, and a lane name in the software list that has no figure', () => {
    const newLaneInOld = structuredClone(FORMAT_1);
    (newLaneInOld.rows[0].x as Record<string, number>)['webgpu-tfjs'] = 10;
    expect(english(validateBoardDocument(newLaneInOld).refusals[0].errors)).toEqual(["Unknown field 'webgpu-tfjs' in board row 1 ignored"]);
    const doc = boardDocument([BOTH]) as unknown as { rows: Record<string, unknown>[] };
    doc.rows[0].s = ['webgpu-app'];
    expect(english(validateBoardDocument(doc).refusals[0].errors)).toEqual(["Board row 1: the software GPU list must name GPU backends it has figures for (got 'webgpu-app')"]);
  });
});
