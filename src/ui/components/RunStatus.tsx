import type { RunSnapshot } from '../runStore';

/** Loading progress, the run's error and its warnings (e.g. the leak alarm), under a view's controls. */
export function RunStatus({ snapshot }: { snapshot: RunSnapshot }) {
  return (
    <>
      {snapshot.progress && (
        <div className="progress" data-testid="progress">
          <progress value={snapshot.progress.fraction} max={1} />
          <span>{snapshot.progress.message}</span>
        </div>
      )}
      {snapshot.error && (
        <div className="error" role="alert" data-testid="error-message">
          {snapshot.error}
        </div>
      )}
      {snapshot.warnings.map((w) => (
        <div className="warning" role="status" data-testid="warning-message" key={w}>
          {w}
        </div>
      ))}
    </>
  );
}
