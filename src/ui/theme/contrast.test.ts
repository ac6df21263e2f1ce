import { describe, expect, it } from 'vitest';
import { contrastRatio, GRAPHICS_CONTRAST, parseHex, relativeLuminance, TEXT_CONTRAST } from './contrast';
import { GRAPHICS_PAIRS, TEXT_PAIRS, type Pair } from './pairs';
import { SCHEMES, tokenValue } from './tokens';

describe('WCAG contrast', () => {
  it('computes luminance and ratios as WCAG defines them', () => {
    expect(relativeLuminance('#000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#fff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#777', '#777')).toBe(1);
    // Known values: #767676 is the lightest grey that passes 4.5:1 on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#2563eb', '#ffffff')).toBeCloseTo(5.17, 2);
    expect(contrastRatio('#ffffff', '#2563eb')).toBe(contrastRatio('#2563eb', '#ffffff'));
  });

  it('refuses what is not a hex colour', () => {
    expect(parseHex('#0af')).toEqual([0, 170, 255]);
    expect(() => parseHex('blue')).toThrow('not a #rgb or #rrggbb colour: blue');
  });
});

/** Every pair below its minimum, as "scheme: fg on bg = ratio", so a failure names them all. */
function failing(pairs: readonly Pair[], minimum: number): string[] {
  return SCHEMES.flatMap((scheme) =>
    pairs.flatMap(([fg, bg]) => {
      const ratio = contrastRatio(tokenValue(fg, scheme), tokenValue(bg, scheme));
      return ratio >= minimum ? [] : [`${scheme}: ${fg} on ${bg} = ${ratio.toFixed(2)}`];
    }),
  );
}

describe('the theme’s colours, in both schemes', () => {
  it(`every text on its background is at least ${TEXT_CONTRAST}:1`, () => {
    expect(failing(TEXT_PAIRS, TEXT_CONTRAST)).toEqual([]);
  });

  it(`every chart line, control edge and focus ring is at least ${GRAPHICS_CONTRAST}:1 against its background`, () => {
    expect(failing(GRAPHICS_PAIRS, GRAPHICS_CONTRAST)).toEqual([]);
  });

  it('the colours the page had before the tokens would fail: control edges, some chart lines', () => {
    // The check is not vacuous: the old input border and two old series colours on white.
    expect(contrastRatio('#d1d5db', '#ffffff')).toBeLessThan(GRAPHICS_CONTRAST);
    expect(contrastRatio('#f97316', '#ffffff')).toBeLessThan(GRAPHICS_CONTRAST);
    expect(contrastRatio('#ca8a04', '#ffffff')).toBeLessThan(GRAPHICS_CONTRAST);
  });
});
