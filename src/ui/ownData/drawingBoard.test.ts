import { describe, expect, it } from 'vitest';
import type { RawPicture } from '../../engine/protocol/ownData';
import { canUndo, chosen, drawnClasses, emptyBoard, inkPicture, isFull, isReady, MAX_PER_CLASS, nameOf, renamed, undone, withClassCount, withExample, type DrawingBoard } from './drawingBoard';

const picture = (v: number): RawPicture => ({ width: 1, height: 1, channels: 1, pixels: new Uint8Array([v]) });
const add = (board: DrawingBoard, v: number, from: 'drawing' | 'camera' = 'drawing') => withExample(board, { picture: picture(v), from });
const counts = (board: DrawingBoard) => drawnClasses(board).map((c) => c.pictures.length);

describe('the drawing board', () => {
  it('starts with classes A, B and C, adding to A', () => {
    const board = emptyBoard();
    expect(drawnClasses(board).map((c) => c.name)).toEqual(['A', 'B', 'C']);
    expect(board.chosen).toBe(0);
    expect(isReady(board)).toBe(false);
    expect(canUndo(board)).toBe(false);
  });

  it('adds to the chosen class, is ready at 2 each, and undoes the last added', () => {
    let board = emptyBoard();
    for (const c of [0, 1, 2]) {
      board = chosen(board, c);
      board = add(add(board, c * 10), c * 10 + 1);
    }
    expect(counts(board)).toEqual([2, 2, 2]);
    expect(isReady(board)).toBe(true);
    const back = undone(board);
    expect(back?.classIndex).toBe(2);
    expect(back && counts(back.board)).toEqual([2, 2, 1]);
    expect(back && isReady(back.board)).toBe(false);
    expect(drawnClasses(board)[1].pictures.map((p) => p.pixels[0])).toEqual([10, 11]);
  });

  it('keeps the examples of classes taken out of use, and brings them back', () => {
    let board = chosen(emptyBoard(), 2);
    board = add(add(board, 1), 2);
    board = withClassCount(board, 2);
    expect(board.chosen).toBe(1);
    expect(counts(board)).toEqual([0, 0]);
    expect(canUndo(board)).toBe(false);
    expect(counts(withClassCount(board, 3))).toEqual([0, 0, 2]);
    expect(withClassCount(board, 1).count).toBe(2);
    expect(withClassCount(board, 42).count).toBe(10);
  });

  it('names: typed, trimmed when sent, the default when left empty, cut at 40 characters', () => {
    let board = renamed(emptyBoard(), 0, '  circle ');
    board = renamed(board, 1, '   ');
    expect([nameOf(board, 0), nameOf(board, 1)]).toEqual(['circle', 'B']);
    expect(renamed(board, 2, 'x'.repeat(50)).classes[2].name).toHaveLength(40);
  });

  it('refuses an example to a full class', () => {
    let board = emptyBoard();
    for (let i = 0; i < MAX_PER_CLASS; i++) board = add(board, i);
    expect(isFull(board)).toBe(true);
    expect(add(board, 99)).toBe(board);
  });

  it('marks camera frames as such in what the worker is sent, drawings not', () => {
    const board = add(add(emptyBoard(), 1), 2, 'camera');
    expect(drawnClasses(board)[0].pictures.map((p) => p.camera)).toEqual([undefined, true]);
  });

  it('makes the pad’s ink light strokes on black, one byte a pixel', () => {
    expect(inkPicture({ width: 2, height: 2, ink: [0, 0.5, 1, 2] })).toEqual({ width: 2, height: 2, channels: 1, pixels: new Uint8Array([0, 128, 255, 255]) });
  });
});
