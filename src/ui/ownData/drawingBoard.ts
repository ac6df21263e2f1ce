/**
 * The examples of a data set being made by drawing or with the camera, as plain values and pure
 * steps (no React, no DOM): class names the person types, the class examples are added to, each
 * class's examples in order, and the order they were added in, for Undo. The worker makes the
 * document (src/data/own/drawn.ts); these caps mirror src/data/own/limits.ts, which the page may not import.
 */
import type { DrawnClassPictures, RawPicture } from '../../engine/protocol/ownData';

/** Fewest and most classes (MIN_CLASSES, MAX_DRAWN_CLASSES). */
export const MIN_DRAWN_CLASSES = 2;
export const MAX_DRAWN_CLASSES = 10;
/** Examples each class needs before the set can be made (MIN_IMAGES_PER_CLASS), and holds at most (MAX_DRAWN_PER_CLASS). */
export const MIN_PER_CLASS = 2;
export const MAX_PER_CLASS = 50;
/** Longest class name (MAX_CLASS_NAME_CHARS). */
export const MAX_CLASS_NAME_CHARS = 40;
const FIRST_CLASSES = 3;

export type ExampleSource = 'drawing' | 'camera';

export interface DrawnExample {
  readonly picture: RawPicture;
  readonly from: ExampleSource;
}

export interface BoardClass {
  readonly name: string;
  readonly examples: readonly DrawnExample[];
}

export interface DrawingBoard {
  /** Always MAX_DRAWN_CLASSES of them; the first `count` are in use (fewer keeps the others' examples for later). */
  readonly classes: readonly BoardClass[];
  readonly count: number;
  /** The class examples are added to, < count. */
  readonly chosen: number;
  /** The class of each example added, oldest first: Undo takes back the last one still in use. */
  readonly added: readonly number[];
}

/** "A", "B", "C"…: a class's name until the person types one. */
export const defaultClassName = (index: number): string => String.fromCharCode(65 + index);

export function emptyBoard(): DrawingBoard {
  return {
    classes: Array.from({ length: MAX_DRAWN_CLASSES }, (_, i) => ({ name: defaultClassName(i), examples: [] })),
    count: FIRST_CLASSES,
    chosen: 0,
    added: [],
  };
}

export const inUse = (board: DrawingBoard): readonly BoardClass[] => board.classes.slice(0, board.count);

export function withClassCount(board: DrawingBoard, count: number): DrawingBoard {
  if (!Number.isInteger(count)) return board;
  const next = Math.min(MAX_DRAWN_CLASSES, Math.max(MIN_DRAWN_CLASSES, count));
  return { ...board, count: next, chosen: Math.min(board.chosen, next - 1) };
}

export function renamed(board: DrawingBoard, index: number, name: string): DrawingBoard {
  return { ...board, classes: board.classes.map((c, i) => (i === index ? { ...c, name: name.slice(0, MAX_CLASS_NAME_CHARS) } : c)) };
}

export function chosen(board: DrawingBoard, index: number): DrawingBoard {
  return index >= 0 && index < board.count ? { ...board, chosen: index } : board;
}

export const isFull = (board: DrawingBoard): boolean => board.classes[board.chosen].examples.length >= MAX_PER_CLASS;

/** The example added to the chosen class (unchanged when that class is full). */
export function withExample(board: DrawingBoard, example: DrawnExample): DrawingBoard {
  if (isFull(board)) return board;
  const at = board.chosen;
  return { ...board, classes: board.classes.map((c, i) => (i === at ? { ...c, examples: [...c.examples, example] } : c)), added: [...board.added, at] };
}

/** The last example added to a class in use taken back, and which class it was; null when there is none. */
export function undone(board: DrawingBoard): { board: DrawingBoard; classIndex: number } | null {
  const last = board.added.findLastIndex((c) => c < board.count && board.classes[c].examples.length > 0);
  if (last < 0) return null;
  const classIndex = board.added[last];
  return {
    classIndex,
    board: {
      ...board,
      classes: board.classes.map((c, i) => (i === classIndex ? { ...c, examples: c.examples.slice(0, -1) } : c)),
      added: board.added.filter((_, i) => i !== last),
    },
  };
}

export const canUndo = (board: DrawingBoard): boolean => undone(board) !== null;

/** Every class in use has at least MIN_PER_CLASS examples. */
export const isReady = (board: DrawingBoard): boolean => inUse(board).every((c) => c.examples.length >= MIN_PER_CLASS);

/** A class's name as the data set will have it: trimmed, its default when left empty. */
export const nameOf = (board: DrawingBoard, index: number): string => board.classes[index].name.trim() || defaultClassName(index);

/** What the worker is sent: the classes in use, by name, with their pictures, camera frames marked as such. */
export function drawnClasses(board: DrawingBoard): DrawnClassPictures[] {
  return inUse(board).map((c, i) => ({ name: nameOf(board, i), pictures: c.examples.map((e) => (e.from === 'camera' ? { ...e.picture, camera: true } : e.picture)) }));
}

export function countsOf(klass: BoardClass): { drawings: number; frames: number } {
  const frames = klass.examples.filter((e) => e.from === 'camera').length;
  return { drawings: klass.examples.length - frames, frames };
}

/** The drawing area's ink (0..1 a pixel) as a picture, light strokes on black like MNIST: the worker fits and centres it. */
export function inkPicture({ width, height, ink }: { width: number; height: number; ink: ArrayLike<number> }): RawPicture {
  return { width, height, channels: 1, pixels: Uint8Array.from({ length: width * height }, (_, i) => Math.round(Math.min(1, Math.max(0, ink[i])) * 255)) };
}
