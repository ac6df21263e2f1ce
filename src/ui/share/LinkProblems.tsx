import { useSyncExternalStore } from 'react';
import { lessonSession } from '../lessons/lessonStore';
import { settingsStore } from './pageStore';
import { sharedLink } from './sharedLink';
import { useT } from '../i18n/useT';
import { Say } from '../i18n/Say';

/** One message for everything a link got wrong (settings and shared result), shown as plain text. */
export function LinkProblems() {
  const t = useT();
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
      <strong>{t('share.link.problem')}</strong> {t('share.link.problemMore')}
      <ul data-testid="link-error-list">
        {problems.map((problem, i) => (
          <li key={i}>
            <Say message={problem} />
          </li>
        ))}
      </ul>
      <button data-testid="btn-dismiss-link-error" onClick={dismiss}>
        {t('share.link.dismiss')}
      </button>
    </div>
  );
}
