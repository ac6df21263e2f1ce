import type { ReactNode } from 'react';
import type { RunState } from '../../engine/protocol';

interface Props {
  state: RunState;
  canStart: boolean;
  onTrain(): void;
  onPause(): void;
  onResume(): void;
  onStep(): void;
  onStop(): void;
  onEvaluate?(): void;
  /** Workload-specific buttons (e.g. a GAN's "train D only"), placed before the state label. */
  extra?: ReactNode;
}

const ACTIVE: RunState[] = ['loading', 'training', 'paused'];

export function RunControls({ state, canStart, onTrain, onPause, onResume, onStep, onStop, onEvaluate, extra }: Props) {
  const active = ACTIVE.includes(state);
  const running = state === 'training' || state === 'paused';
  return (
    <div className="controls">
      <button data-testid="btn-train" className="primary" disabled={active || !canStart} onClick={onTrain}>
        Train
      </button>
      <button data-testid="btn-pause" disabled={state !== 'training'} onClick={onPause}>
        Pause
      </button>
      <button data-testid="btn-resume" disabled={state !== 'paused'} onClick={onResume}>
        Resume
      </button>
      <button data-testid="btn-step" disabled={!running} onClick={onStep}>
        Step
      </button>
      <button data-testid="btn-stop" disabled={!active} onClick={onStop}>
        Stop
      </button>
      {onEvaluate && (
        <button data-testid="btn-evaluate" disabled={!running} onClick={onEvaluate}>
          Evaluate now
        </button>
      )}
      {extra}
      <span className={`run-state state-${state}`} data-testid="run-state">
        {state}
      </span>
    </div>
  );
}
