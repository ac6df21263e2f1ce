import { armDeviceLoss, loseActiveDevice } from '../backends/debugLoss';
import { errorMessage } from '../backends/runtime';
import { armWindowFault } from '../gpu/debugFault';
import type { DebugCommand } from '../protocol/training';

/** Runs a debug command (tests and the lab only) on the active backend now; its error message, or null. */
export function runDebugCommand(command: DebugCommand): string | null {
  try {
    switch (command.action) {
      case 'loseDevice':
        loseActiveDevice();
        return null;
      case 'loseDeviceAt':
        armDeviceLoss(command.point);
        return null;
      case 'gpuErrorInWindow':
        armWindowFault();
        return null;
      default:
        return command satisfies never;
    }
  } catch (err) {
    return errorMessage(err);
  }
}
