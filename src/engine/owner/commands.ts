import type { BackendAvailability } from '../../config/backends';
import type { OwnerCommand, OwnerEvent } from '../protocol/jobs';
import type { DebugCommand } from '../protocol/training';
import type { DeviceOwner } from './deviceOwner';

/** One message to the worker, handed to the device owner (or answered at once: which backends are here, a debug command). */
export function handleOwnerCommand(
  command: OwnerCommand,
  owner: Pick<DeviceOwner, 'submit' | 'cancel' | 'control'>,
  detect: () => Promise<BackendAvailability[]>,
  post: (event: OwnerEvent) => void,
  /** Runs a debug command on the device now; its error message, or null. */
  debug: (command: DebugCommand) => string | null = () => 'Debug commands are not available here.',
): void {
  switch (command.type) {
    case 'submit':
      return owner.submit(command.id, command.request);
    case 'cancel':
      return owner.cancel(command.id);
    case 'control':
      return owner.control(command.id, command.control);
    case 'detect':
      return void detect().then((backends) => post({ type: 'backends', backends }));
    case 'debug':
      return post({ type: 'debugDone', command: command.command, error: debug(command.command) });
    case 'ping':
      return post({ type: 'pong' });
    default:
      return command satisfies never;
  }
}
