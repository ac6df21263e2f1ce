import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { currentFocus, restoreFocus } from '../a11y/restoreFocus';
import { MAX_LESSON_STEPS, MAX_LESSON_TITLE_CHARS, MAX_STEP_TEXT_CHARS, type Lesson, type LessonStep } from '../../config/lessons';
import { PANELS } from '../../config/panels';
import { formTable, VIEWS } from '../../config/views';
import { encodeLessonPayload } from '../../share/lessonLink';
import { captureStep, lessonStartHash } from '../../share/lessonState';
import { usePresent } from '../present/presentMode';
import { usePageSettings } from '../share/pageStore';
import { lessonSession } from './lessonStore';

function describeSettings(step: LessonStep): string {
  const form = VIEWS[step.view].form;
  const entries = Object.entries(step.settings);
  if (!form || entries.length === 0) return 'its settings at their defaults';
  const fields = formTable(form).fields;
  return entries.map(([key, value]) => `${fields[key]?.label ?? key} ${value}`).join(', ');
}

/**
 * Write a lesson without code: set a view up as the step should open it, tick the panels it shows,
 * write its sentences, add it; then make the link (the lesson travels in it, validated like a shared
 * result) and copy it, or open the lesson here.
 */
export default function LessonEditor({ onClose }: { onClose(): void }) {
  const { settings } = usePageSettings();
  const present = usePresent();
  const [title, setTitle] = useState('');
  const [steps, setSteps] = useState<LessonStep[]>([]);
  const [panels, setPanels] = useState<Record<string, boolean>>({});
  const [text, setText] = useState('');
  const [link, setLink] = useState<{ url: string; lesson: Lesson } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);

  // Not modal (a step is set up on the other tabs while it is open), so no trap: focus moves in on open and back to where it was (the Lessons menu) on close.
  useEffect(() => {
    const previous = currentFocus();
    titleRef.current?.focus();
    return () => restoreFocus(previous);
  }, []);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    onClose();
  };

  const view = settings.view;
  const viewPanels = Object.entries(PANELS[view]) as [string, string][];
  const chosen = viewPanels.filter(([id]) => panels[`${view}:${id}`]).map(([id]) => id);
  const draft = captureStep(settings, chosen, text.trim());
  const lesson: Lesson = { title: title.trim() || 'Untitled lesson', steps };

  const addStep = () => {
    setSteps([...steps, draft]);
    setText('');
    setLink(null);
  };
  const removeStep = (i: number) => {
    setSteps(steps.filter((_, j) => j !== i));
    setLink(null);
  };
  const makeLink = async () => {
    setProblem(null);
    setCopied(false);
    try {
      const payload = await encodeLessonPayload(lesson);
      setLink({ url: `${window.location.origin}${window.location.pathname}${lessonStartHash(lesson, { payload }, present)}`, lesson });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : String(err));
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setProblem('The browser did not allow copying: select the link and copy it by hand.');
    }
  };

  return (
    <section className="panel lesson-editor" data-testid="lesson-editor" aria-labelledby="lesson-editor-title" onKeyDown={closeOnEscape}>
      <h2 id="lesson-editor-title">Write a lesson</h2>
      <p className="inspect-note">
        Set up a view the way the step should open it (tab, settings), tick the panels it shows, write one or two sentences, and add it. Repeat for each step, then make the link.
      </p>
      <label className="setting">
        <span>Title</span>
        <input ref={titleRef} data-testid="editor-title" value={title} maxLength={MAX_LESSON_TITLE_CHARS} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <fieldset className="editor-step">
        <legend>
          Step {steps.length + 1}: opens {VIEWS[view].label} with {describeSettings(draft)}
        </legend>
        <div className="editor-panels">
          {viewPanels.map(([id, label]) => (
            <label key={id}>
              <input type="checkbox" data-testid={`editor-panel-${id}`} checked={panels[`${view}:${id}`] ?? false} onChange={(e) => setPanels({ ...panels, [`${view}:${id}`]: e.target.checked })} /> {label}
            </label>
          ))}
        </div>
        <small>No panel ticked: the step shows them all.</small>
        <label className="setting">
          <span>What to say (one or two sentences)</span>
          <textarea data-testid="editor-text" value={text} maxLength={MAX_STEP_TEXT_CHARS} rows={3} onChange={(e) => setText(e.target.value)} />
        </label>
        <button data-testid="btn-editor-add" disabled={text.trim() === '' || steps.length >= MAX_LESSON_STEPS} onClick={addStep}>
          Add this step
        </button>
      </fieldset>
      {steps.length > 0 && (
        <ol className="editor-steps" data-testid="editor-steps">
          {steps.map((s, i) => (
            <li key={i} data-testid={`editor-step-${i}`}>
              <strong>{VIEWS[s.view].label}</strong> ({s.panels.length ? s.panels.join(', ') : 'every panel'}; {describeSettings(s)}): {s.text}{' '}
              <button onClick={() => removeStep(i)} aria-label={`Remove step ${i + 1}`}>
                Remove
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="controls">
        <button className="primary" data-testid="btn-editor-link" disabled={steps.length === 0} onClick={() => void makeLink()}>
          Make the link
        </button>
        <button data-testid="btn-editor-close" onClick={onClose}>
          Close the editor
        </button>
      </div>
      {problem && (
        <div className="error" role="alert" data-testid="editor-problem">
          {problem}
        </div>
      )}
      {link && (
        <div className="share-box">
          <label className="setting">
            <span>Link to this lesson</span>
            <input className="share-link" data-testid="editor-link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
          </label>
          <div className="controls">
            <button data-testid="btn-editor-copy" onClick={() => void copy()}>
              Copy the link
            </button>
            <button data-testid="btn-editor-open" onClick={() => void lessonSession.openDocument(link.lesson)}>
              Open it here
            </button>
            {copied && (
              <span className="share-status" role="status">
                Copied.
              </span>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
