import { useEffect, useRef, useState } from 'react';
import type { InkImage } from '../../metrics/digitImage';
import { useT } from '../i18n/useT';

/** The drawing surface, px (drawn at this size, shown scaled to fit). */
export const DRAW_SIDE_PX = 280;
/** Pen width on the drawing surface: thick like an MNIST stroke once scaled to 20 px. */
const PEN_WIDTH_PX = 22;
/** While a stroke goes on, the drawing is sent at most this often, ms. */
const LIVE_INTERVAL_MS = 150;

interface Props {
  /** The ink so far, at each stroke's end and every LIVE_INTERVAL_MS while drawing. */
  onInk(ink: InkImage): void;
  onClear(): void;
}

function inkOf(canvas: HTMLCanvasElement): InkImage {
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const ink = new Float32Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i * 4 + 3] / 255;
  return { width, height, ink };
}

/** A canvas to draw a digit on with a mouse, a pen or a finger (pointer events, one pointer at a time). */
export function DigitCanvas({ onInk, onClear }: Props) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ id: number; x: number; y: number } | null>(null);
  const sentAt = useRef(0);
  const [empty, setEmpty] = useState(true);

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d', { willReadFrequently: true });
    if (!ctx) return;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = PEN_WIDTH_PX;
    ctx.strokeStyle = '#000';
    ctx.fillStyle = '#000';
  }, []);

  const point = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    return { x: ((e.clientX - rect.left) / rect.width) * DRAW_SIDE_PX, y: ((e.clientY - rect.top) / rect.height) * DRAW_SIDE_PX };
  };

  const send = (canvas: HTMLCanvasElement) => {
    sentAt.current = performance.now();
    onInk(inkOf(canvas));
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (last.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const { x, y } = point(e);
    last.current = { id: e.pointerId, x, y };
    const ctx = e.currentTarget.getContext('2d');
    ctx?.beginPath();
    ctx?.arc(x, y, PEN_WIDTH_PX / 2, 0, 2 * Math.PI);
    ctx?.fill();
    setEmpty(false);
  };

  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (last.current?.id !== e.pointerId) return;
    const { x, y } = point(e);
    const ctx = e.currentTarget.getContext('2d');
    ctx?.beginPath();
    ctx?.moveTo(last.current.x, last.current.y);
    ctx?.lineTo(x, y);
    ctx?.stroke();
    last.current = { id: e.pointerId, x, y };
    if (performance.now() - sentAt.current > LIVE_INTERVAL_MS) send(e.currentTarget);
  };

  const up = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (last.current?.id !== e.pointerId) return;
    last.current = null;
    send(e.currentTarget);
  };

  const clear = () => {
    const canvas = canvasRef.current;
    canvas?.getContext('2d')?.clearRect(0, 0, canvas.width, canvas.height);
    setEmpty(true);
    onClear();
  };

  return (
    <div className="digit-pad">
      <canvas
        ref={canvasRef}
        width={DRAW_SIDE_PX}
        height={DRAW_SIDE_PX}
        className="digit-canvas"
        data-testid="draw-canvas"
        role="img"
        aria-label={t('inspect.draw.canvas')}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
      />
      <button data-testid="btn-clear-drawing" onClick={clear} disabled={empty}>
        {t('inspect.draw.clear')}
      </button>
    </div>
  );
}
