/** A 32 x 32 colour data set made from generated coloured PNGs (test code only). */
import type { FileEntry } from '../entries';
import { importImageFolder } from '../imageImport';
import { COLOUR_32, type OwnDataset } from '../types';
import { OPTIONS, SHAPES } from './fixtures';
import { colourShape, decodePng, pngFile, type Rgb } from './pictures';

const INKS: readonly Rgb[] = [
  [220, 30, 30],
  [30, 200, 60],
  [40, 60, 220],
];
const PAPER: Rgb = [240, 235, 220];

/** `perClass` pictures of each of 3 classes, 40 x 30 (wider than tall), a coloured shape on light paper, as RGBA and RGB PNGs in turn. */
export function colourFolder(perClass: number): FileEntry[] {
  return SHAPES.flatMap((shape, c) =>
    Array.from({ length: perClass }, (_, v) => ({ path: `photos/${shape}/${v}.png`, bytes: pngFile(40, 30, colourShape(shape, 40, 30, v, INKS[c], PAPER), v % 2 === 0 ? 6 : 2) })),
  );
}

/** The folder imported as 32 x 32 colour; throws the refusal's message id if it is refused. */
export async function colourDataset(perClass: number): Promise<OwnDataset> {
  const read = await importImageFolder(colourFolder(perClass), decodePng, { ...OPTIONS, format: COLOUR_32 });
  if (!read.ok) throw new Error(read.error.id);
  return read.dataset;
}
