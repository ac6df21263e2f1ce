/**
 * The folder / zip importer: one sub-folder per class (entries.ts), each picture checked by its
 * magic bytes and its header's width and height before it is decoded, decoded by the injected
 * decoder (the browser's own in a worker: createImageBitmap and an OffscreenCanvas; a PNG decoder
 * in tests), then made MNIST-like (pixels.ts) or kept in colour (colour.ts), as the format asks, and
 * split (split.ts).
 *
 * A file whose name promises a picture (.png, .jpg, .jpeg, .jfif, .webp) must be a PNG, JPEG or
 * WebP picture; any other file in a class folder is taken if its bytes are a picture and skipped
 * otherwise (Thumbs.db, notes.txt). Everything is checked before the first decode: the caps, the
 * folders, every picture's kind and declared size.
 */
import { quoted } from '../../config/schema';
import { detailOf, msg, type Message } from '../../i18n/message';
import { buildOwnDataset, checkFormat } from './document';
import { classFolders, type ClassFolder, type FileEntry } from './entries';
import { IMAGE_EXTENSIONS, imageKind, imageSize, type ImageSize } from './imageHeader';
import { MAX_IMAGES, MAX_SOURCE_SIDE } from './limits';
import { toFormatImage } from './formatImage';
import type { DecodedImage } from './pixels';
import { refuse, refusalOf, type OwnSource } from './refusal';
import { bytesPerImage, GRAY_28, type OwnDataset, type OwnDatasetOptions, type OwnImageFormat } from './types';
import { unzipEntries } from './zip';

/** Decodes one picture (PNG, JPEG or WebP bytes); `name` is its path, for the decoder's own errors. */
export type ImageDecoder = (bytes: Uint8Array, name: string) => Promise<DecodedImage>;

export interface ImportControls {
  /** The images' format: GRAY_28 (MNIST-like, the default) or COLOUR_32 (photos kept in colour). */
  readonly format?: OwnImageFormat;
  /** Stops between two pictures; the answer is then check.dataset.stopped. */
  readonly signal?: AbortSignal;
  /** Called after each picture is decoded. */
  readonly onProgress?: (decoded: number, total: number) => void;
}

export type ImagesReading =
  | { readonly ok: true; readonly dataset: OwnDataset; /** Files that were not pictures, by path. */ readonly skipped: readonly string[] }
  | { readonly ok: false; readonly error: Message };

interface Picture {
  readonly classId: number;
  readonly file: FileEntry;
  readonly size: ImageSize;
}

export async function importImageFolder(entries: readonly FileEntry[], decode: ImageDecoder, options: OwnDatasetOptions & ImportControls): Promise<ImagesReading> {
  return importPictures(() => entries, 'images', decode, options);
}

export async function importImageZip(archive: Uint8Array, decode: ImageDecoder, options: OwnDatasetOptions & ImportControls): Promise<ImagesReading> {
  return importPictures(() => unzipEntries(archive), 'zip', decode, options);
}

class Stopped extends Error {}

/** Pictures being decoded at once, at most (a few, so a stop or a refusal leaves little work behind). */
export const DECODES_IN_FLIGHT = 8;

async function importPictures(entriesOf: () => readonly FileEntry[], source: OwnSource, decode: ImageDecoder, options: OwnDatasetOptions & ImportControls): Promise<ImagesReading> {
  try {
    const format = options.format ?? GRAY_28;
    checkFormat(format);
    const { classes, skipped } = classFolders(entriesOf());
    const { pictures, notPictures } = picturesOf(classes);
    const perImage = bytesPerImage(format);
    const images = new Uint8Array(pictures.length * perImage);
    const labels = new Uint8Array(pictures.length);
    // A few decodes in flight, taken in order: the browser decodes off the worker's thread meanwhile.
    const inFlight: Promise<DecodedImage>[] = [];
    const ahead = (i: number) => {
      if (i >= pictures.length) return;
      const next = decoded(pictures[i], decode);
      // Still rejects when awaited; left behind by a stop or an earlier refusal, it must not be an unhandled rejection.
      next.catch(() => undefined);
      inFlight.push(next);
    };
    for (let i = 0; i < DECODES_IN_FLIGHT; i++) ahead(i);
    for (const [i, picture] of pictures.entries()) {
      if (options.signal?.aborted) throw new Stopped();
      const image = await (inFlight.shift() as Promise<DecodedImage>);
      ahead(i + DECODES_IN_FLIGHT);
      images.set(toFormatImage(image, format), i * perImage);
      labels[i] = picture.classId;
      options.onProgress?.(i + 1, pictures.length);
    }
    if (options.signal?.aborted) throw new Stopped();
    const dataset = buildOwnDataset({ count: pictures.length, images, labels }, classes.map((c) => c.name), options, format);
    return { ok: true, dataset, skipped: [...skipped, ...notPictures] };
  } catch (err) {
    if (err instanceof Stopped) return { ok: false, error: msg('check.dataset.stopped') };
    return { ok: false, error: refusalOf(source, err) };
  }
}

/** Every picture of every class, checked by kind and declared size; classes without one refused. */
function picturesOf(classes: readonly ClassFolder[]): { pictures: Picture[]; notPictures: string[] } {
  const pictures: Picture[] = [];
  const notPictures: string[] = [];
  classes.forEach(({ name, files }, classId) => {
    const before = pictures.length;
    for (const file of files) {
      const kind = imageKind(file.bytes);
      if (kind === null) {
        if (IMAGE_EXTENSIONS.test(file.path)) refuse('check.images.notImage', { name: quoted(file.path) });
        notPictures.push(file.path);
        continue;
      }
      const size = imageSize(file.bytes, kind);
      if (size === null || size.width === 0 || size.height === 0) refuse('check.images.noSize', { name: quoted(file.path) });
      if (size.width > MAX_SOURCE_SIDE || size.height > MAX_SOURCE_SIDE) refuse('check.images.tooBig', { name: quoted(file.path), width: size.width, height: size.height, max: MAX_SOURCE_SIDE });
      pictures.push({ classId, file, size });
      if (pictures.length > MAX_IMAGES) refuse('check.images.tooManyImages', { count: countPictures(classes), max: MAX_IMAGES });
    }
    if (pictures.length === before) refuse('check.images.emptyClass', { name: quoted(name) });
  });
  return { pictures, notPictures };
}

function countPictures(classes: readonly ClassFolder[]): number {
  return classes.reduce((sum, c) => sum + c.files.filter((f) => imageKind(f.bytes) !== null).length, 0);
}

/** The decoder's answer, checked against what the header declared. */
async function decoded(picture: Picture, decode: ImageDecoder): Promise<DecodedImage> {
  const name = quoted(picture.file.path);
  let image: DecodedImage;
  try {
    image = await decode(picture.file.bytes, picture.file.path);
  } catch (err) {
    refuse('check.images.decodeFailed', { name, detail: detailOf(err) });
  }
  const { width, height } = picture.size;
  // A JPEG's EXIF orientation may turn it a quarter: the browser's decoder then gives height x width.
  const sized = (image.width === width && image.height === height) || (image.width === height && image.height === width);
  const channels = Number.isInteger(image.channels) && image.channels >= 1 && image.channels <= 4;
  if (!sized || !channels || image.pixels.length !== image.width * image.height * image.channels) refuse('check.images.decodedWrong', { name, width, height });
  return image;
}
