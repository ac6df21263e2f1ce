import type { ReactNode } from 'react';
import type { RunState } from '../../engine/protocol/training';
import { runAnnouncement } from '../../share/announcements';
import { LiveRegion } from '../a11y/LiveRegion';
import { useDevice } from '../device';
import { useT, type T } from '../i18n/useT';
import type { RunPhase } from '../runStore';

interface Props {
  phase: RunPhase;
  state: RunState;
  canStart: boolean;
  /** The device owner's id of the run while it is queued or running. */
  job: number | null;
  onTrain(): void;
  onPause(): void;
  onResume(): void;
  onStep(): void;
  onStop(): void;
  onEvaluate?(): void;
  /** Workload-specific buttons (e.g. a GAN's "train D only"), placed before the state label. */
  extra?: ReactNode;
}

/** "queued: 1 job ahead", or the run's own state. */
function stateText(phase: RunPhase, state: RunState, position: number | null, t: T): string {
  if (phase !== 'queued') return t(`run.state.${state}`);
  if (position === null || position <= 1) return t('run.queue.next');
  return t('run.queue.ahead', { count: position - 1 });
}

export function RunControls({ phase, state, canStart, job, onTrain, onPause, onResume, onStep, onStop, onEvaluate, extra }: Props) {
  const device = useDevice();
  const t = useT();
  const holding = phase === 'queued' || phase === 'active';
  const running = phase === 'active' && (state === 'training' || state === 'paused');
  const position = job === null ? null : (device.queue.find((entry) => entry.id === job)?.position ?? null);
  // A pressed button that disables itself hands focus to the one that took its place (Train → Stop, Pause → Resume…): src/ui/a11y/focusKeeper.ts.
  return (
    <div className="controls">
      <button data-testid="btn-train" className="primary" disabled={holding || !canStart} onClick={onTrain}>
        {t('run.train')}
      </button>
      <button data-testid="btn-pause" disabled={!running || state !== 'training'} onClick={onPause}>
        {t('run.pause')}
      </button>
      <button data-testid="btn-resume" disabled={!running || state !== 'paused'} onClick={onResume}>
        {t('run.resume')}
      </button>
      <button data-testid="btn-step" disabled={!running} onClick={onStep}>
        {t('run.step')}
      </button>
      <button data-testid="btn-stop" disabled={!holding} onClick={onStop}>
        {phase === 'queued' ? t('run.dequeue') : t('run.stop')}
      </button>
      {onEvaluate && (
        <button data-testid="btn-evaluate" disabled={!running} onClick={onEvaluate}>
          {t('run.evaluate')}
        </button>
      )}
      {extra}
      {/* The visible state; the live region below says each change once, in a sentence. */}
      <span className={`run-state state-${phase === 'queued' ? 'queued' : state}`} data-testid="run-state">
        {stateText(phase, state, position, t)}
      </span>
      <LiveRegion text={runAnnouncement(phase, state, position, t.translator)} testId="run-announcement" />
    </div>
  );
}
