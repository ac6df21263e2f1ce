import type { BackendAvailability } from '../../config/backends';
import type { OwnerCommand, OwnerEvent } from '../protocol/jobs';
import type { DeviceOwner } from './deviceOwner';

/** One message to the worker, handed to the device owner (or answered at once: which backends are here). */
export function handleOwnerCommand(
  command: OwnerCommand,
  owner: Pick<DeviceOwner, 'submit' | 'cancel' | 'control'>,
  detect: () => Promise<BackendAvailability[]>,
  post: (event: OwnerEvent) => void,
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
    default:
      return command satisfies never;
  }
}
