/**
 * The camera for "Make a data set by drawing": asked for only when the person presses Use the camera,
 * a refusal or a missing camera said as a message, its tracks released on Stop, and one frame taken
 * as a small RGBA picture (the worker makes it 28 x 28 grayscale with the importers' pipeline).
 */
import type { RawPicture } from '../../engine/protocol/ownData';
import { detailOf, msg, type Message } from '../../i18n/message';

/** A frame's longer side, px: five times the 28 px it becomes, so the worker's area averaging has pixels to average. */
const FRAME_SIDE_PX = 140;

export type CameraStart = { readonly ok: true; readonly stream: MediaStream } | { readonly ok: false; readonly error: Message };

/** Why the camera did not start, from getUserMedia's error names. */
export function cameraRefusal(err: unknown): Message {
  const name = typeof err === 'object' && err !== null && 'name' in err ? String(err.name) : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return msg('ownData.camera.denied');
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return msg('ownData.camera.none');
  return msg('ownData.camera.failed', { detail: detailOf(err) });
}

export async function startCamera(): Promise<CameraStart> {
  if (!navigator.mediaDevices?.getUserMedia) return { ok: false, error: msg('ownData.camera.unsupported') };
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: { width: { ideal: 320 }, height: { ideal: 240 } }, audio: false });
    return { ok: true, stream };
  } catch (err) {
    return { ok: false, error: cameraRefusal(err) };
  }
}

export function stopCamera(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The video's current frame, its longer side at most FRAME_SIDE_PX; null before the first frame. */
export function grabFrame(video: HTMLVideoElement): RawPicture | null {
  const { videoWidth, videoHeight } = video;
  if (!videoWidth || !videoHeight) return null;
  const scale = Math.min(1, FRAME_SIDE_PX / Math.max(videoWidth, videoHeight));
  const width = Math.max(1, Math.round(videoWidth * scale));
  const height = Math.max(1, Math.round(videoHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d', { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(video, 0, 0, width, height);
  return { width, height, channels: 4, pixels: new Uint8Array(ctx.getImageData(0, 0, width, height).data) };
}
