import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { LESSONS } from '../config/lessons';
import { lessonStartHash } from './lessonState';
import { defaultPageSettings, settingsFromHash } from './pageSettings';
import { qrSvg, type QrSvg } from './qrCode';
import { roomLinkHash } from './roomLink';

/** Pixels per module when the code is drawn for the decoder. */
const SCALE = 4;

/** The SVG path drawn as RGBA pixels (dark modules black, the rest white), as a canvas would. */
function rasterize(qr: QrSvg): { data: Uint8ClampedArray; width: number } {
  const width = qr.size * SCALE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, w] of qr.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = Number(y) * SCALE; py < (Number(y) + 1) * SCALE; py++) {
      for (let px = Number(x) * SCALE; px < (Number(x) + Number(w)) * SCALE; px++) data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
    }
  }
  return { data, width };
}

function decode(qr: QrSvg | null): string | null {
  if (!qr) return null;
  const { data, width } = rasterize(qr);
  return jsQR(data, width, width)?.data ?? null;
}

describe('the room link and its QR code', () => {
  it('opens the lesson at the step on screen, without presentation mode', () => {
    const lesson = LESSONS['matmul-race'];
    const { settings } = settingsFromHash(`${lessonStartHash(lesson, { id: 'matmul-race' }, true)}&step=4`, defaultPageSettings());
    const hash = roomLinkHash(settings, null);
    expect(hash).toBe('#v=4&view=lab&lesson=matmul-race&step=4');
    expect(roomLinkHash(settingsFromHash('#v=4&view=lab&model=tiny&batchSize=16&present=on&lang=zh-CN', defaultPageSettings()).settings, null)).toBe(
      '#v=4&view=lab&model=tiny&batchSize=16&lang=zh-CN',
    );
    expect(roomLinkHash(defaultPageSettings(), 'AbC')).toBe('#v=4&w=cnn&ld=AbC');
  });

  it('draws a code a phone reads back as the link', () => {
    for (const link of ['http://192.168.1.20:5173/#v=4&view=lab&lesson=matmul-race&step=4', `https://example.org/gpu/#v=4&view=lab&ld=${'A'.repeat(900)}`]) {
      const qr = qrSvg(link);
      expect(qr?.size).toBeGreaterThan(21);
      expect(decode(qr)).toBe(link);
    }
  });

  it('says there is no code for a link too long for any QR code', () => {
    expect(qrSvg(`https://example.org/#r=${'x'.repeat(3_000)}`)).toBeNull();
  });
});
