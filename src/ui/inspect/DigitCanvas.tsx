import { useEffect, useId, useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { IMAGE_SIDE_PX } from '../../config/tunables';
import type { InkImage } from '../../metrics/digitImage';
import { useT } from '../i18n/useT';
import './digitCanvas.css';

/** The drawing surface, px (drawn at this size, shown scaled to fit). */
export const DRAW_SIDE_PX = 280;
/** Pen width on the drawing surface: thick like an MNIST stroke once scaled to 20 px. */
const PEN_WIDTH_PX = 22;
/** While a stroke goes on, the drawing is sent at most this often, ms. */
const LIVE_INTERVAL_MS = 150;
/** The keyboard's cursor moves on the model's own grid: one cell per arrow press. */
const GRID = IMAGE_SIDE_PX;
const CELL_PX = DRAW_SIDE_PX / GRID;
/** Where the keyboard's cursor starts: the middle of the grid. */
const GRID_MIDDLE = Math.floor(GRID / 2);
/** The canvas's border (inspect.css), px: the cursor's grid starts inside it. */
const CANVAS_BORDER_PX = 2;
const ARROWS: Readonly<Record<string, readonly [number, number]>> = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };

interface Props {
  /** The ink so far, at each stroke's end and every LIVE_INTERVAL_MS while drawing. */
  onInk(ink: InkImage): void;
  onClear(): void;
  /** The pad's and the canvas's accessible names, when it is not look-inside's "Draw a digit". */
  labels?: { readonly pad: string; readonly canvas: string };
}

interface Cursor {
  column: number;
  row: number;
  pen: boolean;
}

function inkOf(canvas: HTMLCanvasElement): InkImage {
  const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  const ink = new Float32Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = data[i * 4 + 3] / 255;
  return { width, height, ink };
}

const clampToGrid = (n: number) => Math.min(GRID - 1, Math.max(0, n));
const centreOf = (cell: number) => (cell + 0.5) * CELL_PX;

/**
 * A canvas to draw a digit on with a mouse, a pen or a finger (pointer events, one pointer at a
 * time), or the keyboard: the arrows move a cursor over the 28×28 grid, Space or Enter puts the pen
 * down or lifts it (arrows draw while it is down), Delete or Backspace clears.
 */
export function DigitCanvas({ onInk, onClear, labels }: Props) {
  const t = useT();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ id: number; x: number; y: number } | null>(null);
  const sentAt = useRef(0);
  const [empty, setEmpty] = useState(true);
  const [cursor, setCursor] = useState<Cursor>({ column: GRID_MIDDLE, row: GRID_MIDDLE, pen: false });
  const keysId = useId();

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

  const dot = (canvas: HTMLCanvasElement, x: number, y: number) => {
    const ctx = canvas.getContext('2d');
    ctx?.beginPath();
    ctx?.arc(x, y, PEN_WIDTH_PX / 2, 0, 2 * Math.PI);
    ctx?.fill();
    setEmpty(false);
  };

  const line = (canvas: HTMLCanvasElement, from: { x: number; y: number }, to: { x: number; y: number }) => {
    const ctx = canvas.getContext('2d');
    ctx?.beginPath();
    ctx?.moveTo(from.x, from.y);
    ctx?.lineTo(to.x, to.y);
    ctx?.stroke();
  };

  const down = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (last.current) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const { x, y } = point(e);
    last.current = { id: e.pointerId, x, y };
    dot(e.currentTarget, x, y);
  };

  const move = (e: React.PointerEvent<HTMLCanvasElement>) => {
    if (last.current?.id !== e.pointerId) return;
    const { x, y } = point(e);
    line(e.currentTarget, last.current, { x, y });
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
    setCursor((c) => ({ ...c, pen: false }));
    onClear();
  };

  // Each key paints at once and sends the drawing: a key press is one deliberate step, not a stream.
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const canvas = e.currentTarget;
    const arrow = ARROWS[e.key];
    if (arrow) {
      const next = { ...cursor, column: clampToGrid(cursor.column + arrow[0]), row: clampToGrid(cursor.row + arrow[1]) };
      if (cursor.pen) {
        line(canvas, { x: centreOf(cursor.column), y: centreOf(cursor.row) }, { x: centreOf(next.column), y: centreOf(next.row) });
        send(canvas);
      }
      setCursor(next);
    } else if (e.key === ' ' || e.key === 'Enter') {
      if (!cursor.pen) {
        dot(canvas, centreOf(cursor.column), centreOf(cursor.row));
        send(canvas);
      }
      setCursor({ ...cursor, pen: !cursor.pen });
    } else if (e.key === 'Delete' || e.key === 'Backspace') {
      clear();
    } else {
      return;
    }
    e.preventDefault();
  };

  const where = { column: cursor.column + 1, row: cursor.row + 1, side: GRID };
  // One cell of the grid, inside the canvas's border.
  const side = `((100% - ${2 * CANVAS_BORDER_PX}px) / ${GRID})`;
  const at = (n: number) => `calc(${CANVAS_BORDER_PX}px + ${n} * ${side})`;
  const cursorStyle: CSSProperties = { left: at(cursor.column), top: at(cursor.row), width: `calc${side}`, height: `calc${side}` };
  return (
    <div className="digit-pad" role="group" aria-label={labels?.pad ?? t('inspect.draw.title')}>
      <div className="draw-surface">
        <canvas
          ref={canvasRef}
          width={DRAW_SIDE_PX}
          height={DRAW_SIDE_PX}
          className="digit-canvas"
          data-testid="draw-canvas"
          role="application"
          tabIndex={0}
          aria-label={labels?.canvas ?? t('inspect.draw.canvas')}
          aria-describedby={keysId}
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={up}
          onPointerCancel={up}
          onKeyDown={onKeyDown}
        />
        <span className={cursor.pen ? 'draw-cursor pen-down' : 'draw-cursor'} style={cursorStyle} data-testid="draw-cursor" aria-hidden="true" />
      </div>
      <p className="draw-where" aria-live="polite" data-testid="draw-where">
        {t(cursor.pen ? 'inspect.draw.penDown' : 'inspect.draw.penUp', where)}
      </p>
      <p className="inspect-note draw-keys" id={keysId} data-testid="draw-keys">
        {t('inspect.draw.keys')}
      </p>
      <button data-testid="btn-clear-drawing" onClick={clear} disabled={empty}>
        {t('inspect.draw.clear')}
      </button>
    </div>
  );
}
