import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback } from 'node:zlib';
import type { AssetReader } from './types';

const gunzip = promisify(gunzipCallback);

/** Reads assets from a folder (e.g. public/data), gunzipping `.gz` files. Node only: tests and scripts, never browser code. */
export function createFileReader(rootDir: string): AssetReader {
  return async (file, onProgress) => {
    let bytes: Uint8Array;
    try {
      bytes = await readFile(path.join(rootDir, file));
    } catch (err) {
      const reason = (err as NodeJS.ErrnoException).code ?? String(err);
      throw new Error(`Could not load data file ${file}: ${reason} (looked in ${rootDir}; run \`npm run data\`).`);
    }
    onProgress?.(bytes.length, bytes.length);
    if (!file.endsWith('.gz')) return bytes;
    try {
      const raw = await gunzip(bytes);
      return new Uint8Array(raw.buffer, raw.byteOffset, raw.byteLength);
    } catch (err) {
      throw new Error(`Could not decompress data file ${file}: ${(err as Error).message}`);
    }
  };
}
