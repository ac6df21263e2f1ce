import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { currentFocus, restoreFocus } from '../a11y/restoreFocus';
import { MAX_LESSON_STEPS, MAX_LESSON_TITLE_CHARS, MAX_STEP_TEXT_CHARS, type Lesson, type LessonStep } from '../../config/lessons';
import { PANELS } from '../../config/panels';
import { formTable, VIEWS } from '../../config/views';
import { encodeLessonPayload } from '../../share/lessonLink';
import { captureStep, lessonStartHash } from '../../share/lessonState';
import { usePresent } from '../present/presentMode';
import { usePageSettings } from '../share/pageStore';
import { lessonSession } from './lessonStore';
import { useT, type T } from '../i18n/useT';

function describeSettings(step: LessonStep, t: T): string {
  const form = VIEWS[step.view].form;
  const entries = Object.entries(step.settings);
  if (!form || entries.length === 0) return t('lessons.editor.defaults');
  const table = formTable(form);
  const label = (key: string) => (Object.hasOwn(table.fields, key) ? t.setting(table, key, 'label') : key);
  return entries.map(([key, value]) => t('lessons.editor.setting', { label: label(key), value })).join(t('share.summary.listSeparator'));
}

/**
 * Write a lesson without code: set a view up as the step should open it, tick the panels it shows,
 * write its sentences, add it; then make the link (the lesson travels in it, validated like a shared
 * result) and copy it, or open the lesson here.
 */
export default function LessonEditor({ onClose }: { onClose(): void }) {
  const t = useT();
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

  // Not modal (a step is set up on the other tabs while it is open), so no trap: focus moves in on open and back to where it was (the Lessons menu) on close,
  // in the same commit that removes the editor (a layout effect), before the page's focus rule would look for a successor.
  useLayoutEffect(() => {
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
  const viewPanels = Object.keys(PANELS[view]).map((id) => [id, t(`panel.${view}.${id}`)] as const);
  const chosen = viewPanels.filter(([id]) => panels[`${view}:${id}`]).map(([id]) => id);
  const draft = captureStep(settings, chosen, text.trim());
  const lesson: Lesson = { title: title.trim() || t('lessons.editor.untitled'), steps };

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
      setProblem(t.detail(err));
    }
  };
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied(true);
    } catch {
      setProblem(t('lessons.editor.copyRefused'));
    }
  };

  return (
    <section className="panel lesson-editor" data-testid="lesson-editor" aria-labelledby="lesson-editor-title" onKeyDown={closeOnEscape}>
      <h2 id="lesson-editor-title">{t('lessons.editor.title')}</h2>
      <p className="inspect-note">{t('lessons.editor.intro')}</p>
      <label className="setting">
        <span>{t('lessons.editor.titleField')}</span>
        <input ref={titleRef} data-testid="editor-title" value={title} maxLength={MAX_LESSON_TITLE_CHARS} onChange={(e) => setTitle(e.target.value)} />
      </label>
      <fieldset className="editor-step">
        <legend>
          {t('lessons.editor.step', { n: steps.length + 1, view: t(`view.${view}`), settings: describeSettings(draft, t) })}
        </legend>
        <div className="editor-panels">
          {viewPanels.map(([id, label]) => (
            <label key={id}>
              <input type="checkbox" data-testid={`editor-panel-${id}`} checked={panels[`${view}:${id}`] ?? false} onChange={(e) => setPanels({ ...panels, [`${view}:${id}`]: e.target.checked })} /> {label}
            </label>
          ))}
        </div>
        <small>{t('lessons.editor.noPanel')}</small>
        <label className="setting">
          <span>{t('lessons.editor.text')}</span>
          <textarea data-testid="editor-text" value={text} maxLength={MAX_STEP_TEXT_CHARS} rows={3} onChange={(e) => setText(e.target.value)} />
        </label>
        <button data-testid="btn-editor-add" disabled={text.trim() === '' || steps.length >= MAX_LESSON_STEPS} onClick={addStep}>
          {t('lessons.editor.add')}
        </button>
      </fieldset>
      {steps.length > 0 && (
        <ol className="editor-steps" data-testid="editor-steps">
          {steps.map((s, i) => (
            <li key={i} data-testid={`editor-step-${i}`}>
              <strong>{t(`view.${s.view}`)}</strong> {t('lessons.editor.stepDetails', { panels: s.panels.length ? s.panels.join(', ') : t('lessons.editor.everyPanel'), settings: describeSettings(s, t) })} {s.text}{' '}
              <button onClick={() => removeStep(i)} aria-label={t('lessons.editor.removeStep', { n: i + 1 })}>
                {t('lessons.editor.remove')}
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="controls">
        <button className="primary" data-testid="btn-editor-link" disabled={steps.length === 0} onClick={() => void makeLink()}>
          {t('lessons.editor.makeLink')}
        </button>
        <button data-testid="btn-editor-close" onClick={onClose}>
          {t('lessons.editor.close')}
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
            <span>{t('lessons.editor.link')}</span>
            <input className="share-link" data-testid="editor-link" readOnly value={link.url} onFocus={(e) => e.target.select()} />
          </label>
          <div className="controls">
            <button data-testid="btn-editor-copy" onClick={() => void copy()}>
              {t('lessons.editor.copy')}
            </button>
            <button data-testid="btn-editor-open" onClick={() => void lessonSession.openDocument(link.lesson)}>
              {t('lessons.editor.open')}
            </button>
            {copied && (
              <span className="share-status" role="status">
                {t('lessons.editor.copied')}
              </span>
            )}
          </div>
        </div>
      )}
    </section>
  );
}
