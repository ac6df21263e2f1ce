import { describe, expect, it } from 'vitest';
import { centreOfMass, DIGIT_BOX_PX, inkBoundingBox, preprocessDigit, type InkImage } from './digitImage';

const SIDE = 28;

/** A blank canvas with the strokes painted in: each stroke a filled rectangle of full ink. */
function canvas(width: number, height: number, rects: [x: number, y: number, w: number, h: number][]): InkImage {
  const ink = new Float32Array(width * height);
  for (const [x0, y0, w, h] of rects) for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) ink[y * width + x] = 1;
  return { width, height, ink };
}

function inkRows(image: Float32Array): number[] {
  const rows: number[] = [];
  for (let y = 0; y < SIDE; y++) if (image.subarray(y * SIDE, (y + 1) * SIDE).some((v) => v > 0.01)) rows.push(y);
  return rows;
}

function inkColumns(image: Float32Array): number[] {
  const cols: number[] = [];
  for (let x = 0; x < SIDE; x++) if (Array.from({ length: SIDE }, (_, y) => image[y * SIDE + x]).some((v) => v > 0.01)) cols.push(x);
  return cols;
}

describe('digit preprocessing like MNIST', () => {
  it('finds no digit on an empty canvas', () => {
    expect(preprocessDigit(canvas(100, 100, []))).toBeNull();
    expect(inkBoundingBox(canvas(10, 10, []))).toBeNull();
  });

  it('finds the bounding box of the ink', () => {
    expect(inkBoundingBox(canvas(100, 80, [[10, 20, 5, 30], [40, 25, 3, 3]]))).toEqual({ x: 10, y: 20, width: 33, height: 30 });
  });

  it('scales a tall stroke (a "1") to 20 px high and centres its mass in the 28×28 image', () => {
    // A vertical bar 8 px wide and 160 px tall, drawn off-centre near the top left of a 280 px canvas.
    const image = preprocessDigit(canvas(280, 280, [[30, 10, 8, 160]])) as Float32Array;
    expect(image).toHaveLength(SIDE * SIDE);
    expect(inkRows(image)).toEqual(Array.from({ length: DIGIT_BOX_PX }, (_, i) => 4 + i));
    expect(inkColumns(image)).toEqual([14]);
    const mass = centreOfMass(image, SIDE, SIDE);
    expect(mass?.x).toBeCloseTo(14.5, 5);
    expect(mass?.y).toBeCloseTo(14, 5);
    // Area averaging: 8 of 8 source pixels across the 1-px-wide column are ink, so the column is full ink.
    expect(Math.max(...image)).toBeCloseTo(1, 5);
  });

  it('keeps the aspect ratio: a wide stroke becomes 20 px wide and proportionally low', () => {
    const image = preprocessDigit(canvas(200, 200, [[20, 100, 100, 25]])) as Float32Array;
    expect(inkColumns(image)).toHaveLength(DIGIT_BOX_PX);
    expect(inkRows(image)).toHaveLength(5);
  });

  it('centres the centre of mass, not the bounding box', () => {
    // An L: a long heavy vertical bar on the left and a thin foot; the mass sits left of the box centre.
    const image = preprocessDigit(canvas(100, 100, [[10, 10, 20, 80], [30, 80, 40, 10]])) as Float32Array;
    const mass = centreOfMass(image, SIDE, SIDE) as { x: number; y: number };
    expect(Math.abs(mass.x - 14)).toBeLessThanOrEqual(0.5);
    expect(Math.abs(mass.y - 14)).toBeLessThanOrEqual(0.5);
    const cols = inkColumns(image);
    // The 60×80 box becomes 15×20, not centred on 14: its middle lies right of the image centre.
    expect(cols).toHaveLength(15);
    expect(inkRows(image)).toHaveLength(DIGIT_BOX_PX);
    expect((cols[0] + cols[cols.length - 1] + 1) / 2).toBeGreaterThan(15);
  });

  it('gives the same image for the same digit drawn small or large, anywhere on the canvas', () => {
    const large = preprocessDigit(canvas(400, 400, [[100, 40, 40, 300], [140, 40, 100, 40]])) as Float32Array;
    const small = preprocessDigit(canvas(400, 400, [[300, 300, 4, 30], [304, 300, 10, 4]])) as Float32Array;
    const worst = Math.max(...large.map((v, i) => Math.abs(v - small[i])));
    expect(worst).toBeLessThan(0.05);
  });

  it('upscales a digit drawn smaller than 20 px', () => {
    const image = preprocessDigit(canvas(28, 28, [[2, 2, 2, 10]])) as Float32Array;
    expect(inkRows(image)).toHaveLength(DIGIT_BOX_PX);
  });

  it('refuses ink of the wrong length', () => {
    expect(() => preprocessDigit({ width: 10, height: 10, ink: new Float32Array(99) })).toThrow(/needs 100 values/);
  });
});
