import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_PIXELS } from '../config/tunables';
import { createFetchReader } from './browserReader';
import { loadDataset } from './loadDataset';

const DATA_ROOT = fileURLToPath(new URL('../../public/data/', import.meta.url));
const LABELS_FILE = 'mnist/test-labels.u8.gz';
const IMAGES_FILE = 'mnist/test-images.u8.gz';

/**
 * Serves DATA_ROOT on loopback like a static host. Under /encoded/ it sends each .gz file with
 * Content-Encoding: gzip (as some hosts do), under /chunked/ without Content-Length.
 */
function startServer(): Promise<Server> {
  const server = createServer((request, response) => {
    const url = request.url ?? '/';
    const [, mode, ...rest] = url.split('/');
    const file = path.join(DATA_ROOT, ...rest);
    // Under /silent/ nothing ever answers; under /stall/ half the file comes, then nothing more.
    if (mode === 'silent') return;
    if (!file.startsWith(DATA_ROOT) || !['plain', 'encoded', 'chunked', 'stall'].includes(mode)) {
      response.writeHead(400).end();
      return;
    }
    readFile(file).then(
      (bytes) => {
        const headers: Record<string, string> = { 'Content-Type': 'application/gzip' };
        if (mode !== 'chunked') headers['Content-Length'] = String(bytes.length);
        if (mode === 'encoded') headers['Content-Encoding'] = 'gzip';
        response.writeHead(200, headers);
        if (mode === 'stall') {
          response.write(bytes.subarray(0, bytes.length >> 1));
        } else if (mode === 'chunked') {
          const half = bytes.length >> 1;
          response.write(bytes.subarray(0, half));
          response.end(bytes.subarray(half));
        } else {
          response.end(bytes);
        }
      },
      () => response.writeHead(404).end('not found'),
    );
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('createFetchReader', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = await startServer();
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  }));

  it('gives up a download whose server goes silent, before it answers or halfway, in a sentence', async () => {
    const STALL_MS = 300;
    await expect(createFetchReader(`${origin}/silent`, STALL_MS)(LABELS_FILE)).rejects.toMatchObject({ said: { id: 'engine.data.stalled', values: { file: LABELS_FILE, seconds: 0.3, bytes: 0 } } });
    const half = (await readFile(path.join(DATA_ROOT, LABELS_FILE))).length >> 1;
    await expect(createFetchReader(`${origin}/stall`, STALL_MS)(LABELS_FILE)).rejects.toMatchObject({ said: { id: 'engine.data.stalled', values: { file: LABELS_FILE, seconds: 0.3, bytes: half } } });
  });

  const expected = async (file: string) => new Uint8Array(gunzipSync(await readFile(path.join(DATA_ROOT, file))));
  /** Byte equality without vitest's slow element-by-element deep diff of large typed arrays. */
  const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

  it('downloads and gunzips a file, reporting progress against Content-Length', async () => {
    const read = createFetchReader(`${origin}/plain`);
    const events: [number, number][] = [];
    const bytes = await read(IMAGES_FILE, (loaded, total) => events.push([loaded, total]));
    expect(same(bytes, await expected(IMAGES_FILE))).toBe(true);
    const compressedSize = (await readFile(path.join(DATA_ROOT, IMAGES_FILE))).length;
    expect(events.length).toBeGreaterThan(0);
    expect(events.every(([, total]) => total === compressedSize)).toBe(true);
    expect(events.at(-1)).toEqual([compressedSize, compressedSize]);
  });

  it('accepts a base URL with or without a trailing slash', async () => {
    const withSlash = await createFetchReader(`${origin}/plain/`)(LABELS_FILE);
    const without = await createFetchReader(`${origin}/plain`)(LABELS_FILE);
    expect(same(withSlash, without)).toBe(true);
    expect(withSlash.length).toBe(10_000);
  });

  it('handles a host that sends Content-Encoding: gzip (already decompressed by fetch)', async () => {
    const bytes = await createFetchReader(`${origin}/encoded`)(LABELS_FILE);
    expect(same(bytes, await expected(LABELS_FILE))).toBe(true);
  });

  it('handles a response without Content-Length (total reported as 0)', async () => {
    const totals: number[] = [];
    const bytes = await createFetchReader(`${origin}/chunked`)(LABELS_FILE, (_, total) => totals.push(total));
    expect(same(bytes, await expected(LABELS_FILE))).toBe(true);
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.every((t) => t === 0)).toBe(true);
  });

  it('names the file and the HTTP status on failure', async () => {
    await expect(createFetchReader(`${origin}/plain`)('mnist/missing.u8.gz')).rejects.toMatchObject({
      said: { id: 'engine.data.loadFailed', values: { file: 'mnist/missing.u8.gz', detail: 'HTTP 404' } },
    });
  });

  it('names the file when the server cannot be reached', async () => {
    const closed = await startServer();
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(createFetchReader(`http://127.0.0.1:${port}/plain`)(LABELS_FILE)).rejects.toMatchObject({
      said: { id: 'engine.data.loadFailed', values: { file: 'mnist/test-labels.u8.gz', detail: expect.any(String) } },
    });
  });

  it('feeds loadDataset end to end', async () => {
    const data = await loadDataset('mnist', createFetchReader(`${origin}/plain`), undefined, { train: 500, test: 500 });
    expect(data.train.count).toBe(500);
    expect(data.test.images.length).toBe(500 * IMAGE_PIXELS);
    expect(same(data.test.labels, (await expected(LABELS_FILE)).subarray(0, 500))).toBe(true);
  });
});
