import { useEffect, useRef } from 'react';
import type { SampleGrid } from '../../engine/protocol/training';
import { useT } from '../i18n/useT';
import type { RunStore } from '../runStore';

/** Screen pixels per image pixel. */
const ZOOM = 3;
const GAP_PX = 2;

/** Paints a grid of grey-scale images, pixels in [0,1], onto the canvas. */
function paint(canvas: HTMLCanvasElement, grid: SampleGrid): void {
  const columns = Math.ceil(Math.sqrt(grid.count));
  const rows = Math.ceil(grid.count / columns);
  const cell = grid.side + GAP_PX;
  const image = new ImageData(columns * cell, rows * cell);
  image.data.fill(255);
  for (let n = 0; n < grid.count; n++) {
    const ox = (n % columns) * cell;
    const oy = Math.floor(n / columns) * cell;
    for (let y = 0; y < grid.side; y++) {
      for (let x = 0; x < grid.side; x++) {
        const v = Math.round(255 * Math.min(1, Math.max(0, grid.pixels[(n * grid.side + y) * grid.side + x])));
        const at = ((oy + y) * columns * cell + ox + x) * 4;
        image.data[at] = image.data[at + 1] = image.data[at + 2] = v;
      }
    }
  }
  canvas.width = image.width * ZOOM;
  canvas.height = image.height * ZOOM;
  const scratch = new OffscreenCanvas(image.width, image.height);
  scratch.getContext('2d')?.putImageData(image, 0, 0);
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.imageSmoothingEnabled = false;
  ctx.drawImage(scratch, 0, 0, canvas.width, canvas.height);
}

/** The generated digits from fixed noise, redrawn from the store (never through React state). */
export function SampleGridCanvas({ store }: { store: RunStore }) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let drawnStep: number | null = null;
    let redraws = 0;
    const redraw = () => {
      const grid = store.samples;
      if (!grid || !canvasRef.current || grid.step === drawnStep) return;
      paint(canvasRef.current, grid);
      drawnStep = grid.step;
      redraws += 1;
      wrapperRef.current?.setAttribute('data-redraws', String(redraws));
      wrapperRef.current?.setAttribute('data-step', String(grid.step));
    };
    redraw();
    return store.subscribe(redraw);
  }, [store]);
  return (
    <figure className="sample-grid" data-testid="sample-grid" data-redraws="0" ref={wrapperRef}>
      <figcaption>{t('gan.samples.caption')}</figcaption>
      <canvas ref={canvasRef} />
    </figure>
  );
}
