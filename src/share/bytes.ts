/** Byte helpers on platform APIs only (CompressionStream, btoa / atob): they work in pages, workers and Node 20. */

const COMPRESSION_FORMAT = 'deflate-raw';
/** btoa takes a string; build it in slices this long so String.fromCharCode never gets too many arguments. */
const CHARS_PER_SLICE = 0x8000;
const BASE64URL = /^[A-Za-z0-9_-]*$/;

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += CHARS_PER_SLICE) binary += String.fromCharCode(...bytes.subarray(i, i + CHARS_PER_SLICE));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Null when the text is not unpadded base64url. */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Reads a byte stream to the end, or stops (and cancels it) once it passes maxBytes. */
async function readAll(stream: ReadableStream<Uint8Array>, maxBytes: number): Promise<Uint8Array | 'too-large'> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return 'too-large';
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The bytes as a one-chunk stream: a Blob's stream costs a millisecond or more to set up in Chromium, this one a tenth (a board reads 200 links at once). */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array<ArrayBuffer>> {
  return new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(controller) {
      controller.enqueue(bytes as Uint8Array<ArrayBuffer>);
      controller.close();
    },
  });
}

export async function deflate(bytes: Uint8Array): Promise<Uint8Array> {
  const result = await readAll(streamOf(bytes).pipeThrough(new CompressionStream(COMPRESSION_FORMAT)), Number.POSITIVE_INFINITY);
  if (result === 'too-large') throw new Error('unreachable: no size limit was set');
  return result;
}

/** Inflates untrusted bytes: 'corrupt' for a damaged or truncated stream, 'too-large' past maxBytes. */
export async function inflate(bytes: Uint8Array, maxBytes: number): Promise<Uint8Array | 'too-large' | 'corrupt'> {
  try {
    return await readAll(streamOf(bytes).pipeThrough(new DecompressionStream(COMPRESSION_FORMAT)), maxBytes);
  } catch {
    return 'corrupt';
  }
}
