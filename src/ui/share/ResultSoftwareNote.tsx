import type { SharedResult } from '../../share/resultDoc';
import { resultSoftwareMessage } from '../../share/softwareGpu';
import { Say } from '../i18n/Say';

/** One sentence under a result's label when its GPU rows ran on a software GPU: their figures are CPU figures. */
export function ResultSoftwareNote({ label, result, testId }: { label: string; result: SharedResult; testId: string }) {
  const message = resultSoftwareMessage(result, label);
  if (!message) return null;
  return (
    <p className="warning software-gpu-note" data-testid={testId}>
      <Say message={message} />
    </p>
  );
}
