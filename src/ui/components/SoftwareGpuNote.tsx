import type { BackendAvailability } from '../../config/backends';
import { deviceSoftwareSentence } from '../../share/softwareGpu';
import { useT } from '../i18n/useT';

/** One sentence on what this device lacks when a GPU backend here is software (the CPU); nothing otherwise. */
export function SoftwareGpuNote({ backends, testId = 'software-gpu-note' }: { backends: readonly BackendAvailability[] | null; testId?: string }) {
  const t = useT();
  const sentence = deviceSoftwareSentence(backends, t.translator);
  if (!sentence) return null;
  return (
    <p className="warning software-gpu-note" data-testid={testId}>
      {sentence}
    </p>
  );
}
