import { useSyncExternalStore } from 'react';
import { clockTime } from '../../share/unfinishedRun';
import { unfinishedRun } from './unfinishedRunSession';

/** "Save checkpoint", beside the run controls: the running (or paused) CNN run's state kept in this browser now. */
export function SaveCheckpointButton({ running, onSave }: { running: boolean; onSave(): void }) {
  return (
    <button type="button" data-testid="btn-save-checkpoint" disabled={!running} onClick={onSave}>
      Save checkpoint
    </button>
  );
}

/** Where the run's latest checkpoint in this browser stands, or why keeping one failed. */
export function CheckpointNote() {
  const { saved, error } = useSyncExternalStore(unfinishedRun.subscribe, unfinishedRun.getSnapshot);
  if (error) {
    return (
      <div className="error" role="alert" data-testid="checkpoint-error">
        {error}
      </div>
    );
  }
  if (!saved) return null;
  const when = saved.reason === 'epochEnd' ? `at the end of epoch ${saved.epoch}` : 'as asked';
  return (
    <p className="share-note" role="status" data-testid="checkpoint-saved">
      Checkpoint kept in this browser {when}: step {saved.step} ({clockTime(saved.savedAt)}). After a reload, the run resumes from there.
    </p>
  );
}
