/** Documents and pools made in tests (test code only). */
import { drawShape, type Shape } from './pictures';
import type { LabelledPool, OwnDatasetOptions } from '../types';

export const OPTIONS: OwnDatasetOptions = { name: 'Shapes', seed: 7, createdAt: '2026-01-02T03:04:05.000Z' };
export const SHAPES: readonly Shape[] = ['cross', 'ring', 'square'];

/** perClass 28 x 28 shapes of each class, light on dark, grouped by class. */
export function shapesPool(perClass: number, classes = SHAPES.length): LabelledPool {
  const count = perClass * classes;
  const images = new Uint8Array(count * 784);
  const labels = new Uint8Array(count);
  for (let c = 0; c < classes; c++) {
    for (let v = 0; v < perClass; v++) {
      const i = c * perClass + v;
      images.set(drawShape(SHAPES[c % SHAPES.length], 28, 28, v + c), i * 784);
      labels[i] = c;
    }
  }
  return { count, images, labels };
}

export function classNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => (i < SHAPES.length ? SHAPES[i] : `class ${i}`));
}
