import { UNTITLED_LESSON } from '../../share/lessonDoc';
import { SoftwareGpuNote } from '../components/SoftwareGpuNote';
import { useDevice } from '../device';
import { useT } from '../i18n/useT';
import { lessonSession, useLesson } from './lessonStore';

/**
 * The open lesson: its title, where we are, the step's words in large type, and the way on; on a
 * device whose GPU backends are software, the sentence that says so (lessons speak of the GPU).
 */
export function LessonBar() {
  const t = useT();
  const { backends } = useDevice();
  const { status, lesson, step, source } = useLesson();
  if (status === 'reading') return <p className="panel" data-testid="lesson-reading">{t('lessons.bar.reading')}</p>;
  if (!lesson) return null;
  const current = lesson.steps[step - 1];
  const last = lesson.steps.length;
  // A shipped lesson speaks the page's language; one a teacher wrote (from an ld= link) is shown as written.
  const shippedId = source?.kind === 'shipped' ? source.id : null;
  // A link's own title is the teacher's text, shown as written; only the app's default for a missing one is translated.
  const title = shippedId ? t(`lesson.${shippedId}.title`) : lesson.title === UNTITLED_LESSON ? t('lessons.editor.untitled') : lesson.title;
  const text = shippedId ? t(`lesson.${shippedId}.step${step}`) : current.text;
  return (
    <section className="panel lesson-bar" data-testid="lesson-bar" aria-label={t('lessons.bar.label')}>
      <div className="lesson-head">
        <h2 data-testid="lesson-title">{title}</h2>
        <span className="lesson-where" data-testid="lesson-step">
          {t('lessons.bar.where', { step, count: last, view: t(`view.${current.view}`) })}
        </span>
      </div>
      <p className="lesson-text" data-testid="lesson-text" aria-live="polite">
        {text}
      </p>
      <SoftwareGpuNote backends={backends} testId="lesson-software-gpu-note" />
      <div className="controls">
        <button data-testid="btn-lesson-prev" disabled={step <= 1} onClick={lessonSession.previous}>
          {t('lessons.bar.previous')}
        </button>
        <button className="primary" data-testid="btn-lesson-next" disabled={step >= last} onClick={lessonSession.next}>
          {t('lessons.bar.next')}
        </button>
        <button data-testid="btn-lesson-close" onClick={() => lessonSession.close()}>
          {t('lessons.bar.leave')}
        </button>
      </div>
    </section>
  );
}
