import type { ReactNode } from 'react';
import type { RunState } from '../../engine/protocol/training';
import { useDevice } from '../device';
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
function stateText(phase: RunPhase, state: RunState, position: number | null): string {
  if (phase !== 'queued') return state;
  if (position === null || position <= 1) return 'queued: next';
  return `queued: ${position - 1} ${position - 1 === 1 ? 'job' : 'jobs'} ahead`;
}

export function RunControls({ phase, state, canStart, job, onTrain, onPause, onResume, onStep, onStop, onEvaluate, extra }: Props) {
  const device = useDevice();
  const holding = phase === 'queued' || phase === 'active';
  const running = phase === 'active' && (state === 'training' || state === 'paused');
  const position = job === null ? null : (device.queue.find((entry) => entry.id === job)?.position ?? null);
  return (
    <div className="controls">
      <button data-testid="btn-train" className="primary" disabled={holding || !canStart} onClick={onTrain}>
        Train
      </button>
      <button data-testid="btn-pause" disabled={!running || state !== 'training'} onClick={onPause}>
        Pause
      </button>
      <button data-testid="btn-resume" disabled={!running || state !== 'paused'} onClick={onResume}>
        Resume
      </button>
      <button data-testid="btn-step" disabled={!running} onClick={onStep}>
        Step
      </button>
      <button data-testid="btn-stop" disabled={!holding} onClick={onStop}>
        {phase === 'queued' ? 'Remove from queue' : 'Stop'}
      </button>
      {onEvaluate && (
        <button data-testid="btn-evaluate" disabled={!running} onClick={onEvaluate}>
          Evaluate now
        </button>
      )}
      {extra}
      <span className={`run-state state-${phase === 'queued' ? 'queued' : state}`} data-testid="run-state" role="status">
        {stateText(phase, state, position)}
      </span>
    </div>
  );
}
