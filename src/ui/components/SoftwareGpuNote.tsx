import type { BackendAvailability } from '../../config/backends';
import { deviceSoftwareMessage } from '../../share/softwareGpu';
import { Say } from '../i18n/Say';

/** One sentence on what this device lacks when a GPU backend here is software (the CPU); nothing otherwise. The renderers' names are shown as the browser gave them. */
export function SoftwareGpuNote({ backends, testId = 'software-gpu-note' }: { backends: readonly BackendAvailability[] | null; testId?: string }) {
  const message = deviceSoftwareMessage(backends);
  if (!message) return null;
  return (
    <p className="warning software-gpu-note" data-testid={testId}>
      <Say message={message} />
    </p>
  );
}
