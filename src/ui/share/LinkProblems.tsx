import { useSyncExternalStore } from 'react';
import { lessonSession } from '../lessons/lessonStore';
import { settingsStore } from './pageStore';
import { sharedLink } from './sharedLink';

/** One message for everything a link got wrong (settings and shared result), shown as plain text. */
export function LinkProblems() {
  const settings = useSyncExternalStore(settingsStore.subscribe, settingsStore.getSnapshot);
  const shared = useSyncExternalStore(sharedLink.subscribe, sharedLink.getSnapshot);
  const lesson = useSyncExternalStore(lessonSession.subscribe, lessonSession.getSnapshot);
  const problems = [...settings.linkErrors, ...lesson.errors, ...shared.errors];
  if (problems.length === 0) return null;
  const dismiss = () => {
    settingsStore.dismissLinkErrors();
    lessonSession.dismissErrors();
    sharedLink.dismissErrors();
  };
  return (
    <div className="error link-error" role="alert" data-testid="link-error">
      <strong>This link could not be read completely.</strong> Whatever could not be read was left out or replaced by its default; the rest is shown.
      <ul data-testid="link-error-list">
        {problems.map((problem, i) => (
          <li key={i}>{problem}</li>
        ))}
      </ul>
      <button data-testid="btn-dismiss-link-error" onClick={dismiss}>
        Dismiss
      </button>
    </div>
  );
}
