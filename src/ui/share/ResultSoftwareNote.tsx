import type { SharedResult } from '../../share/resultDoc';
import { resultSoftwareSentence } from '../../share/softwareGpu';
import { useT } from '../i18n/useT';

/** One sentence under a result's label when its GPU rows ran on a software GPU: their figures are CPU figures. */
export function ResultSoftwareNote({ label, result, testId }: { label: string; result: SharedResult; testId: string }) {
  const t = useT();
  const sentence = resultSoftwareSentence(result, label, t.translator);
  if (!sentence) return null;
  return (
    <p className="warning software-gpu-note" data-testid={testId}>
      {sentence}
    </p>
  );
}
