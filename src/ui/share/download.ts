/** Saving exports as files: text (JSON, CSV) and a chart's canvas as PNG on a white background. */
import { Translator } from '../../i18n/translator';

const ENGLISH = new Translator('en');

/** Object URLs are released this long after the click that uses them, ms. */
const REVOKE_AFTER_MS = 10_000;
const PNG_BACKGROUND = '#ffffff';

export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

export function downloadText(fileName: string, mimeType: string, text: string): void {
  downloadBlob(fileName, new Blob([text], { type: `${mimeType};charset=utf-8` }));
}

/** The canvas as a PNG; charts draw on a transparent canvas, so a white background goes under it. Failures are said in `t`'s language. */
export function downloadCanvasPng(fileName: string, canvas: HTMLCanvasElement, t: Translator = ENGLISH): Promise<void> {
  const copy = document.createElement('canvas');
  copy.width = canvas.width;
  copy.height = canvas.height;
  const context = copy.getContext('2d');
  if (!context) return Promise.reject(new Error(t.t('share.export.noImage')));
  context.fillStyle = PNG_BACKGROUND;
  context.fillRect(0, 0, copy.width, copy.height);
  context.drawImage(canvas, 0, 0);
  return new Promise((resolve, reject) => {
    copy.toBlob((blob) => {
      if (!blob) return reject(new Error(t.t('share.export.noPng')));
      downloadBlob(fileName, blob);
      resolve();
    }, 'image/png');
  });
}
