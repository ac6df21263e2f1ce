import * as tf from '@tensorflow/tfjs';
import { BACKEND_NAMES, type BackendName } from '../../config/backends';
import { BACKEND_RUNTIMES } from '../backends/registry';
import { errorMessage } from '../backends/runtime';
import type { DebugCommand } from '../protocol/training';

const isBackendName = (name: string): name is BackendName => (BACKEND_NAMES as readonly string[]).includes(name);

/** Runs a debug command (tests and the lab only) on the active backend now; its error message, or null. */
export function runDebugCommand(command: DebugCommand): string | null {
  try {
    switch (command.action) {
      case 'loseDevice': {
        const name = tf.getBackend();
        if (!name || !isBackendName(name)) return 'No backend is active: there is no device to lose.';
        BACKEND_RUNTIMES[name].loseDevice(tf.backend());
        return null;
      }
      default:
        return command.action satisfies never;
    }
  } catch (err) {
    return errorMessage(err);
  }
}
