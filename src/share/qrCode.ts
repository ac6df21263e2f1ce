/**
 * A QR code as data the page draws as SVG: the modules of npm `qrcode` (no network, no canvas) as
 * one path, a quiet zone around them. Pure, so a test decodes what the page will show.
 */
import { create } from 'qrcode';

/** Light modules around the code, as the standard asks (4), so a phone finds its edges on any background. */
export const QUIET_ZONE_MODULES = 4;

export interface QrSvg {
  /** Width and height of the view box, modules, quiet zone included. */
  size: number;
  /** The dark modules as one SVG path in view-box units. */
  path: string;
}

/** The code of `text` at medium error correction (low where only that fits); null when it is too long for any QR code. */
export function qrSvg(text: string): QrSvg | null {
  for (const errorCorrectionLevel of ['M', 'L'] as const) {
    let modules;
    try {
      modules = create(text, { errorCorrectionLevel }).modules;
    } catch {
      continue;
    }
    const { size, data } = modules;
    const runs: string[] = [];
    for (let y = 0; y < size; y++) {
      for (let x = 0; x < size; x++) {
        if (!data[y * size + x]) continue;
        let end = x;
        while (end + 1 < size && data[y * size + end + 1]) end++;
        runs.push(`M${x + QUIET_ZONE_MODULES} ${y + QUIET_ZONE_MODULES}h${end - x + 1}v1h-${end - x + 1}z`);
        x = end;
      }
    }
    return { size: size + 2 * QUIET_ZONE_MODULES, path: runs.join('') };
  }
  return null;
}
