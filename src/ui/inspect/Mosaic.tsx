import { useEffect, useRef } from 'react';

interface Props {
  /** count images of height × width × channels bytes (0..255), one after another. */
  pixels: Uint8Array;
  /** 1 grey (the default), 3 RGB channel-last (a colour data set of your own: drawn as it is, never inverted). */
  channels?: number;
  count: number;
  height: number;
  width: number;
  /** Screen pixels per image pixel. */
  zoom: number;
  columns?: number;
  /** Draw ink dark on light (MNIST digits), or the values as they are (filters, feature maps). */
  invert?: boolean;
  label: string;
  testId?: string;
}

const GAP_PX = 1;

/** Grey (or colour) images side by side on one canvas, sharp at any zoom; the label is its text alternative. */
export function Mosaic({ pixels, channels = 1, count, height, width, zoom, columns, invert = false, label, testId }: Props) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cols = Math.max(1, Math.min(count, columns ?? count));
  const rows = Math.max(1, Math.ceil(count / cols));
  useEffect(() => {
    const canvas = canvasRef.current;
    const ctx = canvas?.getContext('2d');
    if (!canvas || !ctx) return;
    const image = new ImageData(cols * (width + GAP_PX), rows * (height + GAP_PX));
    image.data.fill(255);
    for (let n = 0; n < count; n++) {
      const ox = (n % cols) * (width + GAP_PX);
      const oy = Math.floor(n / cols) * (height + GAP_PX);
      for (let y = 0; y < height; y++) {
        for (let x = 0; x < width; x++) {
          const from = ((n * height + y) * width + x) * channels;
          const at = ((oy + y) * image.width + ox + x) * 4;
          if (channels === 3) {
            image.data[at] = pixels[from];
            image.data[at + 1] = pixels[from + 1];
            image.data[at + 2] = pixels[from + 2];
          } else {
            const v = invert ? 255 - pixels[from] : pixels[from];
            image.data[at] = image.data[at + 1] = image.data[at + 2] = v;
          }
        }
      }
    }
    canvas.width = image.width * zoom;
    canvas.height = image.height * zoom;
    const scratch = new OffscreenCanvas(image.width, image.height);
    scratch.getContext('2d')?.putImageData(image, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(scratch, 0, 0, canvas.width, canvas.height);
  }, [pixels, channels, count, height, width, zoom, cols, rows, invert]);
  return <canvas ref={canvasRef} className="mosaic" role="img" aria-label={label} data-testid={testId} />;
}
