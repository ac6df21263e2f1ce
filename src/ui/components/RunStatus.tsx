import { plainText } from '../../i18n/message';
import type { RunSnapshot } from '../runStore';
import { Say } from '../i18n/Say';

/** Loading progress, why the run is not on the engine it asked for, the run's error and its warnings (e.g. the leak alarm), under a view's controls. */
export function RunStatus({ snapshot }: { snapshot: RunSnapshot }) {
  return (
    <>
      {snapshot.progress && (
        <div className="progress" data-testid="progress">
          <progress value={snapshot.progress.fraction} max={1} />
          <span>
            <Say message={snapshot.progress.message} />
          </span>
        </div>
      )}
      {snapshot.info?.engineNote && (
        <p className="note" data-testid="engine-note">
          <Say message={snapshot.info.engineNote} />
        </p>
      )}
      {snapshot.error && (
        <div className="error" role="alert" data-testid="error-message">
          <Say message={snapshot.error} />
        </div>
      )}
      {snapshot.warnings.map((w) => (
        <div className="warning" role="status" data-testid="warning-message" key={plainText(w)}>
          <Say message={w} />
        </div>
      ))}
    </>
  );
}
