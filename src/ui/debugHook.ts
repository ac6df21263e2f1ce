import type { DebugCommand } from '../engine/protocol/training';
import { deviceClient } from './device';

/** What end-to-end tests (and a curious user in the console) call to break the device on purpose; no view sends it. */
export interface PlaygroundDebug {
  /** Loses the active backend's WebGL context (WEBGL_lose_context) or destroys its WebGPU device; resolves with the error, or null. */
  loseDevice(): Promise<string | null>;
}

declare global {
  interface Window {
    gpuPlaygroundDebug?: PlaygroundDebug;
  }
}

export function installDebugHook(target: Window): void {
  const send = (command: DebugCommand) => deviceClient.debug(command);
  target.gpuPlaygroundDebug = { loseDevice: () => send({ action: 'loseDevice' }) };
}
