/**
 * The app's icon, drawn at build time (no binary in the repository): four bars rising left to right on
 * the page's dark background, the tallest in the accent green, "what the GPU does for you". Full bleed,
 * the bars inside the middle 60 %, so it is also a maskable icon (any mask shape keeps them whole).
 */
import { PNG } from 'pngjs';

type Rgb = readonly [number, number, number];
const BACKGROUND: Rgb = [0x0f, 0x17, 0x2a];
const BAR: Rgb = [0x60, 0xa5, 0xfa];
const FASTEST: Rgb = [0x4a, 0xde, 0x80];
/** Bar heights as shares of the safe zone's height. */
const BARS = [0.25, 0.45, 0.7, 1] as const;
/** The safe zone's margin on each side, as a share of the side (maskable icons keep the middle 80 %; this keeps 60 %). */
const MARGIN = 0.2;
/** A bar's gap to the next one, as a share of a bar's slot. */
const GAP = 0.25;

function colourAt(x: number, y: number, side: number): Rgb {
  const inner = side * (1 - 2 * MARGIN);
  const left = side * MARGIN;
  const bottom = side * (1 - MARGIN);
  const slot = inner / BARS.length;
  const index = Math.floor((x - left) / slot);
  if (index < 0 || index >= BARS.length) return BACKGROUND;
  const inBar = x - left - index * slot < slot * (1 - GAP);
  const top = bottom - inner * BARS[index];
  if (!inBar || y < top || y >= bottom) return BACKGROUND;
  return index === BARS.length - 1 ? FASTEST : BAR;
}

/** A square PNG of the icon, side × side pixels. */
export function appIconPng(side: number): Uint8Array {
  const png = new PNG({ width: side, height: side });
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const [r, g, b] = colourAt(x + 0.5, y + 0.5, side);
      const i = (y * side + x) * 4;
      png.data[i] = r;
      png.data[i + 1] = g;
      png.data[i + 2] = b;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png, { colorType: 2 });
}

export function appIconFile(side: number): string {
  return `icon-${side}.png`;
}
