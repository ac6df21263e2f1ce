/** WCAG 2.x contrast: relative luminance of an sRGB colour and the ratio between two (1 to 21). */

/** `#rgb` or `#rrggbb` to 0–255 channels; throws on anything else, so a typo in a token fails its test. */
export function parseHex(color: string): [number, number, number] {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color);
  if (!match) throw new Error(`not a #rgb or #rrggbb colour: ${color}`);
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** One sRGB channel (0–255) made linear, as WCAG defines it. */
function linearChannel(value: number): number {
  const c = value / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance: 0 for black, 1 for white. */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parseHex(color).map(linearChannel);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** (L1 + 0.05) / (L2 + 0.05) with L1 the lighter: 1 for the same colour, 21 for black on white. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** WCAG AA: normal text needs 4.5:1; large text, chart lines and the parts of controls 3:1. */
export const TEXT_CONTRAST = 4.5;
export const GRAPHICS_CONTRAST = 3;
