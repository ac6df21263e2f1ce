/// <reference lib="webworker" />
/** The browser's own picture decoders, in a worker: createImageBitmap, then an OffscreenCanvas's RGBA pixels. */
import type { ImageDecoder } from '../../data/own/imageImport';

const RGBA = 4;

export const decodeInBrowser: ImageDecoder = async (bytes) => {
  // A copy: the Blob must not keep the whole source buffer a subarray points into.
  const bitmap = await createImageBitmap(new Blob([bytes.slice()]));
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2D context on an OffscreenCanvas');
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width, height, channels: RGBA, pixels: data };
  } finally {
    bitmap.close();
  }
};
