import { VIEWS } from '../../config/views';
import { lessonSession, useLesson } from './lessonStore';

/** The open lesson: its title, where we are, the step's words in large type, and the way on. */
export function LessonBar() {
  const { status, lesson, step } = useLesson();
  if (status === 'reading') return <p className="panel" data-testid="lesson-reading">Reading the lesson…</p>;
  if (!lesson) return null;
  const current = lesson.steps[step - 1];
  const last = lesson.steps.length;
  return (
    <section className="panel lesson-bar" data-testid="lesson-bar" aria-label="Lesson">
      <div className="lesson-head">
        <h2 data-testid="lesson-title">{lesson.title}</h2>
        <span className="lesson-where" data-testid="lesson-step">
          Step {step} of {last} · {VIEWS[current.view].label}
        </span>
      </div>
      <p className="lesson-text" data-testid="lesson-text" aria-live="polite">
        {current.text}
      </p>
      <div className="controls">
        <button data-testid="btn-lesson-prev" disabled={step <= 1} onClick={lessonSession.previous}>
          ← Previous step
        </button>
        <button className="primary" data-testid="btn-lesson-next" disabled={step >= last} onClick={lessonSession.next}>
          Next step →
        </button>
        <button data-testid="btn-lesson-close" onClick={() => lessonSession.close()}>
          Leave the lesson
        </button>
      </div>
    </section>
  );
}
