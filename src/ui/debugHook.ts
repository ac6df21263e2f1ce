import type { DebugCommand, DebugPoint } from '../engine/protocol/training';
import { deviceClient } from './device';

/** What end-to-end tests (and a curious user in the console) call to break the device on purpose; no view sends it. */
export interface PlaygroundDebug {
  /** Loses the active backend's WebGL context (WEBGL_lose_context) or destroys its WebGPU device; resolves with the error, or null. */
  loseDevice(): Promise<string | null>;
  /** Loses it the next time a run waits on it at this point (an epoch end's evaluation); resolves once armed. */
  loseDeviceAt(point: DebugPoint): Promise<string | null>;
  /** Makes the next sync window of the app's WebGPU engine fail on the GPU (a destroyed buffer in its work); resolves once armed. */
  gpuErrorInWindow(): Promise<string | null>;
}

declare global {
  interface Window {
    gpuPlaygroundDebug?: PlaygroundDebug;
  }
}

export function installDebugHook(target: Window): void {
  const send = (command: DebugCommand) => deviceClient.debug(command);
  target.gpuPlaygroundDebug = {
    loseDevice: () => send({ action: 'loseDevice' }),
    loseDeviceAt: (point) => send({ action: 'loseDeviceAt', point }),
    gpuErrorInWindow: () => send({ action: 'gpuErrorInWindow' }),
  };
}
