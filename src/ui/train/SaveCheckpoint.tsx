import { useSyncExternalStore } from 'react';
import { clockTime } from '../../share/unfinishedRun';
import { useT } from '../i18n/useT';
import type { TrainingKind } from '../session';
import { UNFINISHED_RUNS } from './unfinishedRunSession';
import { Say } from '../i18n/Say';

/** "Save checkpoint", beside the run controls: the running (or paused) run's state kept in this browser now. */
export function SaveCheckpointButton({ running, onSave }: { running: boolean; onSave(): void }) {
  const t = useT();
  return (
    <button type="button" data-testid="btn-save-checkpoint" disabled={!running} onClick={onSave}>
      {t('checkpoint.save')}
    </button>
  );
}

/** Where the run's latest checkpoint in this browser stands, or why keeping one failed. */
export function CheckpointNote({ kind }: { kind: TrainingKind }) {
  const unfinishedRun = UNFINISHED_RUNS[kind];
  const { saved, error } = useSyncExternalStore(unfinishedRun.subscribe, unfinishedRun.getSnapshot);
  const t = useT();
  if (error) {
    return (
      <div className="error" role="alert" data-testid="checkpoint-error">
        <Say message={error} />
      </div>
    );
  }
  if (!saved) return null;
  const time = clockTime(saved.savedAt);
  return (
    <p className="share-note" role="status" data-testid="checkpoint-saved">
      {saved.reason === 'epochEnd' ? t('checkpoint.savedEpoch', { epoch: saved.epoch, step: saved.step, time }) : t('checkpoint.savedAsked', { step: saved.step, time })}
    </p>
  );
}
