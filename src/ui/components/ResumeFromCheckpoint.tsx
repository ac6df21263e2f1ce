import type { RunSnapshot } from '../runStore';
import type { TrainingSession } from '../session';
import { useT } from '../i18n/useT';

/**
 * After a lost GPU: continue the view's run from its last checkpoint on a new context or device. After a
 * GPU error under the app's engine: continue it (or, with no checkpoint yet, train it again) on
 * TensorFlow.js's kernels. CNN and GAN views alike.
 */
export function ResumeFromCheckpoint({ snapshot, session }: { snapshot: RunSnapshot; session: TrainingSession }) {
  const t = useT();
  if (snapshot.phase !== 'ended') return null;
  const lostFrom = snapshot.deviceLost?.resumeFrom;
  if (lostFrom) {
    return (
      <button type="button" data-testid="btn-resume-checkpoint" onClick={() => session.resumeFrom(lostFrom)}>
        {t('train.resumeFrom', { step: lostFrom.step })}
      </button>
    );
  }
  const gpuError = snapshot.gpuError;
  if (!gpuError) return null;
  const from = gpuError.resumeFrom;
  return from ? (
    <button type="button" data-testid="btn-resume-other-engine" onClick={() => session.resumeFrom(from, gpuError.resumeOn)}>
      {t('train.resumeOnTfjs', { step: from.step })}
    </button>
  ) : (
    <button type="button" data-testid="btn-resume-other-engine" onClick={() => session.trainAgainOn(gpuError.resumeOn)}>
      {t('train.againOnTfjs')}
    </button>
  );
}
