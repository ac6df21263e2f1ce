/// <reference lib="webworker" />
/** The browser's own picture decoders, in a worker: createImageBitmap, then an OffscreenCanvas's RGBA pixels. */
import type { ImageDecoder } from '../../data/own/imageImport';

const RGBA = 4;

/**
 * One canvas for every picture, kept in memory rather than on a GPU (willReadFrequently): each picture is
 * drawn once and read back at once, and a GPU canvas would copy every one back from the GPU.
 */
let canvas: OffscreenCanvas | null = null;
let context: OffscreenCanvasRenderingContext2D | null = null;

function contextOfSize(width: number, height: number): OffscreenCanvasRenderingContext2D {
  if (!canvas || !context) {
    canvas = new OffscreenCanvas(width, height);
    context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D context on an OffscreenCanvas');
  } else if (canvas.width !== width || canvas.height !== height) {
    // Resizing clears the canvas and resets the context's state.
    canvas.width = width;
    canvas.height = height;
  } else {
    context.clearRect(0, 0, width, height);
  }
  return context;
}

export const decodeInBrowser: ImageDecoder = async (bytes) => {
  // A copy: the Blob must not keep the whole source buffer a subarray points into.
  const bitmap = await createImageBitmap(new Blob([bytes.slice()]));
  try {
    const ctx = contextOfSize(bitmap.width, bitmap.height);
    ctx.drawImage(bitmap, 0, 0);
    const { data, width, height } = ctx.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width, height, channels: RGBA, pixels: data };
  } finally {
    bitmap.close();
  }
};
