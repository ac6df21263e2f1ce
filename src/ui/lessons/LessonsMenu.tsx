import { useRef } from 'react';
import { LESSON_IDS, LESSONS } from '../../config/lessons';
import { lessonStartHash } from '../../share/lessonState';
import { usePresent } from '../present/presentMode';
import { useT } from '../i18n/useT';

/** The shipped lessons, each a link that opens it at its first step; and the way to write one. */
export function LessonsMenu({ onWrite }: { onWrite(): void }) {
  const t = useT();
  const present = usePresent();
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute('open');
  return (
    <details className="lessons-menu" ref={menu} data-testid="lessons-menu">
      <summary data-testid="btn-lessons">{t('lessons.menu.title')}</summary>
      <ul>
        {LESSON_IDS.map((id) => (
          <li key={id}>
            <a href={lessonStartHash(LESSONS[id], { id }, present)} data-testid={`lesson-link-${id}`} onClick={close}>
              {t(`lesson.${id}.title`)}
            </a>
          </li>
        ))}
        <li className="present-hide">
          <button
            data-testid="btn-write-lesson"
            onClick={() => {
              close();
              onWrite();
            }}
          >
            {t('lessons.menu.write')}
          </button>
        </li>
      </ul>
    </details>
  );
}
