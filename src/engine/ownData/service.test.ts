import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { ImageDecoder } from '../../data/own/imageImport';
import { memoryRecords } from '../../data/own/records';
import { ownDataStore } from '../../data/own/store';
import { decodePng, drawShape, grayPng, type Shape } from '../../data/own/testing/pictures';
import { english } from '../../i18n/testing/english';
import type { OwnDataCommand, OwnDataEvent, PickedFile } from '../protocol/ownData';
import { OwnDataService } from './service';

const SHAPES: readonly Shape[] = ['cross', 'ring', 'square'];

/** perClass 28 x 28 PNGs of each shape, in one folder per class under "shapes/". */
function folder(perClass: number): PickedFile[] {
  return SHAPES.flatMap((shape) =>
    Array.from({ length: perClass }, (_, v) => {
      const png = grayPng(28, 28, drawShape(shape, 28, 28, v));
      return { path: `shapes/${shape}/${v}.png`, file: new Blob([png.slice()]) };
    }),
  );
}

function service(decode: ImageDecoder = decodePng) {
  const events: OwnDataEvent[] = [];
  const store = ownDataStore(memoryRecords());
  const s = new OwnDataService({ store: async () => store, decode, seed: () => 5, now: () => new Date('2026-03-04T05:06:07Z') }, (e) => events.push(e));
  const run = async (command: OwnDataCommand) => {
    await s.handle(command);
    return events.filter((e) => e.id === command.id);
  };
  return { s, run, events };
}

describe('the data set worker’s commands', () => {
  it('imports a folder of pictures with progress, keeps it, lists it, hands its file out and deletes it', async () => {
    const { run } = service();
    const imported = await run({ type: 'importFolder', id: 1, name: 'Shapes', files: folder(4) });
    expect(imported.filter((e) => e.type === 'progress').at(-1)).toEqual({ type: 'progress', id: 1, done: 12, total: 12 });
    const done = imported.at(-1);
    if (done?.type !== 'imported') throw new Error(JSON.stringify(done));
    expect(done.summary).toMatchObject({ name: 'Shapes', classNames: ['cross', 'ring', 'square'], createdAt: '2026-03-04T05:06:07.000Z' });
    expect(await run({ type: 'list', id: 2 })).toEqual([{ type: 'listed', id: 2, datasets: [done.summary], damaged: [] }]);
    const [file] = await run({ type: 'file', id: 3, datasetId: done.summary.id });
    expect(file.type === 'file' && file.bytes.byteLength).toBe(done.summary.fileBytes);
    expect(await run({ type: 'remove', id: 4, datasetId: done.summary.id })).toEqual([{ type: 'removed', id: 4 }]);
    expect(await run({ type: 'list', id: 5 })).toEqual([{ type: 'listed', id: 5, datasets: [], damaged: [] }]);
  });

  it('tells a zip, a data set file and a CSV apart by their first bytes', async () => {
    const { run } = service();
    const zipped = zipSync(Object.fromEntries(await Promise.all(folder(3).map(async (f) => [f.path, new Uint8Array(await f.file.arrayBuffer())]))));
    const fromZip = (await run({ type: 'importFile', id: 1, name: 'Zipped', file: { path: 'shapes.zip', file: new Blob([zipped]) } })).at(-1);
    if (fromZip?.type !== 'imported') throw new Error(JSON.stringify(fromZip));
    const [gpds] = await run({ type: 'file', id: 2, datasetId: fromZip.summary.id });
    if (gpds.type !== 'file') throw new Error('no file');
    const { run: elsewhere } = service();
    const loaded = (await elsewhere({ type: 'importFile', id: 1, name: 'ignored', file: { path: 'Zipped.gpds', file: new Blob([gpds.bytes]) } })).at(-1);
    expect(loaded?.type === 'imported' && loaded.summary).toEqual(fromZip.summary);
    const csv = ['label,' + Array.from({ length: 784 }, (_, i) => `p${i}`).join(','), ...[0, 1, 0, 1, 0, 1].map((l) => `${l},` + new Array(784).fill(l * 200).join(','))].join('\n');
    const fromCsv = (await run({ type: 'importFile', id: 3, name: 'Csv', file: { path: 'x.csv', file: new Blob([csv]) } })).at(-1);
    expect(fromCsv?.type === 'imported' && fromCsv.summary.classNames).toEqual(['0', '1']);
  });

  it('refuses a bad input with its sentence and keeps nothing', async () => {
    const { run } = service();
    const [failed] = await run({ type: 'importFile', id: 1, name: 'Bad', file: { path: 'x.csv', file: new Blob(['label,p0\n0,1']) } });
    expect(failed.type).toBe('failed');
    expect(failed.type === 'failed' && english(failed.error)).toMatch(/^This CSV cannot be made into a data set: /);
    expect(await run({ type: 'list', id: 2 })).toEqual([{ type: 'listed', id: 2, datasets: [], damaged: [] }]);
  });

  it('refuses a folder or zip over the caps from the sizes the browser knows, reading none of it', async () => {
    const { run } = service();
    const unread = (size: number, head = new Uint8Array(0)) =>
      ({ size, slice: () => new Blob([head]), arrayBuffer: () => Promise.reject(new Error('read')) }) as unknown as Blob;
    const big = 300 * 1024 * 1024;
    const [folder] = await run({ type: 'importFolder', id: 1, name: 'Big', files: [{ path: 'a/1.png', file: unread(big) }] });
    expect(folder.type === 'failed' && english(folder.error)).toBe('These images cannot be made into a data set: the files take 300 MB in all, over the 256 MB this page reads.');
    const [zip] = await run({ type: 'importFile', id: 2, name: 'Big', file: { path: 'big.zip', file: unread(big, new Uint8Array([0x50, 0x4b, 0x03, 0x04])) } });
    expect(zip.type === 'failed' && english(zip.error)).toBe('This zip file cannot be made into a data set: it is 300 MB, over the 256 MB this page reads.');
  });

  it('stops an import between two pictures', async () => {
    // A decoder slow enough that the import is still going when Stop arrives.
    const { s, run, events } = service(async (bytes) => (await new Promise((r) => setTimeout(r, 5)), decodePng(bytes)));
    const importing = run({ type: 'importFolder', id: 7, name: 'Shapes', files: folder(20) });
    const stopWhenStarted = new Promise<void>((resolve) => {
      const poll = () => (events.some((e) => e.type === 'progress') ? resolve() : setTimeout(poll, 1));
      poll();
    });
    await stopWhenStarted;
    await s.handle({ type: 'stop', id: 7 });
    const last = (await importing).at(-1);
    expect(last?.type === 'failed' && english(last.error)).toBe('The import was stopped; no data set was made.');
  });

  it('makes drawings into a data set and keeps it; a class of one drawing is refused in a sentence, nothing kept', async () => {
    const { run } = service();
    const drawings = (perClass: number) => SHAPES.map((shape) => ({ name: shape, pictures: Array.from({ length: perClass }, (_, v) => ({ width: 280, height: 280, channels: 1, pixels: drawShape(shape, 280, 280, v) })) }));
    const made = (await run({ type: 'importDrawn', id: 1, name: 'Drawn', classes: drawings(3) })).at(-1);
    if (made?.type !== 'imported') throw new Error(JSON.stringify(made));
    expect(made.summary).toMatchObject({ name: 'Drawn', classNames: ['cross', 'ring', 'square'], trainCount: 6, testCount: 3 });
    const [refused] = await run({ type: 'importDrawn', id: 2, name: 'Short', classes: drawings(1) });
    expect(refused.type === 'failed' && english(refused.error)).toBe("These examples cannot be made into a data set: class 'cross' has only 1 example; every class needs at least 2, one to train on and one to test.");
    const [listed] = await run({ type: 'list', id: 3 });
    expect(listed.type === 'listed' && listed.datasets.map((d) => d.name)).toEqual(['Drawn']);
  });
});
