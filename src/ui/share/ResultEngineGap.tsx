import type { SharedResult } from '../../share/resultDoc';
import { resultEngineGapMessage } from '../../share/engineGap';
import { Say } from '../i18n/Say';

/** Under a shared race that ran WebGPU on both engines: how much of its step was the GPU, how much the software around it. */
export function ResultEngineGap({ result, testId }: { result: SharedResult; testId: string }) {
  const message = resultEngineGapMessage(result);
  if (!message) return null;
  return (
    <p className="share-engine-gap" data-testid={testId}>
      <Say message={message} />
    </p>
  );
}
