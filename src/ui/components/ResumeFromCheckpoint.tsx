import type { RunSnapshot } from '../runStore';
import type { TrainingSession } from '../session';
import { useT } from '../i18n/useT';

/** After a lost GPU: continue the view's run from its last checkpoint on a new context or device (CNN and GAN views alike). */
export function ResumeFromCheckpoint({ snapshot, session }: { snapshot: RunSnapshot; session: TrainingSession }) {
  const t = useT();
  const from = snapshot.deviceLost?.resumeFrom;
  if (!from || snapshot.phase !== 'ended') return null;
  return (
    <button type="button" data-testid="btn-resume-checkpoint" onClick={() => session.resumeFrom(from)}>
      {t('train.resumeFrom', { step: from.step })}
    </button>
  );
}
