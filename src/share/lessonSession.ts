/**
 * The lesson on screen, outside React and without window: a shipped one (`lesson=<id>`) or one
 * from a link (`ld=`, decoded and validated, never trusted). A link read (on load, edit, back /
 * forward) opens its step as the lesson defines it, under the settings the link itself carries;
 * moving between steps writes one history entry per step.
 */
import { isLessonId, LESSONS, type Lesson, type LessonId } from '../config/lessons';
import { NO_LESSON } from '../config/pageConfig';
import { VIEWS } from '../config/views';
import { msg, type Message } from '../i18n/message';
import { encodeLessonPayload, decodeLessonPayload } from './lessonLink';
import { applyLessonStep, clampStep, visiblePanels } from './lessonState';
import { pageFields, withPageFields, type PageSettings } from './pageSettings';
import type { SettingsStore } from './settingsStore';

export type LessonSource = { kind: 'shipped'; id: LessonId } | { kind: 'link'; payload: string };

export interface LessonSnapshot {
  status: 'none' | 'reading' | 'ready';
  lesson: Lesson | null;
  source: LessonSource | null;
  /** The step on screen, 1-based, within the lesson. */
  step: number;
  /** What could not be read of the lesson or its step, one plain sentence each. */
  errors: Message[];
}

const NONE: LessonSnapshot = { status: 'none', lesson: null, source: null, step: 1, errors: [] };

function sameSource(a: LessonSource | null, b: LessonSource | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === 'shipped' ? b.kind === 'shipped' && a.id === b.id : b.kind === 'link' && a.payload === b.payload;
}

export class LessonSession {
  private snapshot: LessonSnapshot = NONE;
  private readonly listeners = new Set<() => void>();
  /** The settings store's navigation count last acted on; -1 until the first read. */
  private navigation = -1;
  private started = false;

  constructor(private readonly settings: SettingsStore) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): LessonSnapshot => this.snapshot;

  /** Follows the page's settings from now on; the link the page opened with counts as read. */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.settings.subscribe(() => this.follow());
    this.follow();
  }

  /** Opens a shipped lesson at its first step. */
  open(id: LessonId): void {
    const lesson = LESSONS[id];
    this.settings.setLessonPayload(null, (s) => applyLessonStep(withPageFields(s, { lesson: id }), lesson, 1));
  }

  /** Opens a lesson written here (carried in the link as `ld=`) at its first step; rejects when it cannot be put in a link. */
  async openDocument(lesson: Lesson): Promise<void> {
    const payload = await encodeLessonPayload(lesson);
    this.settings.setLessonPayload(payload, (s) => applyLessonStep(withPageFields(s, { lesson: NO_LESSON }), lesson, 1));
  }

  /** Shows step `step` (1-based) of the open lesson. */
  goTo(step: number): void {
    const { lesson } = this.snapshot;
    if (!lesson) return;
    const n = clampStep(lesson, step);
    if (n === this.snapshot.step && this.settings.getSnapshot().settings.view === lesson.steps[n - 1].view) return;
    this.settings.update((s) => applyLessonStep(s, lesson, n), 'push');
  }

  next = (): void => this.goTo(this.snapshot.step + 1);
  previous = (): void => this.goTo(this.snapshot.step - 1);

  /** Leaves the lesson: every panel shows again, the settings stay as they are. */
  close(): void {
    this.settings.setLessonPayload(null, (s) => withPageFields(s, { lesson: NO_LESSON, step: 1 }));
  }

  /** The panels of `view` the open step shows; null when every panel shows (no lesson, or a step on another view). */
  panelsFor(view: PageSettings['view']): ReadonlySet<string> | null {
    const { lesson, step } = this.snapshot;
    if (!lesson) return null;
    const current = lesson.steps[step - 1];
    return current.view === view ? visiblePanels(current) : null;
  }

  dismissErrors(): void {
    if (this.snapshot.errors.length) this.update({ errors: [] });
  }

  private sourceNow(): LessonSource | null {
    const { settings, lessonPayload } = this.settings.getSnapshot();
    if (lessonPayload !== null) return { kind: 'link', payload: lessonPayload };
    const { lesson } = pageFields(settings);
    return isLessonId(lesson) ? { kind: 'shipped', id: lesson } : null;
  }

  private follow(): void {
    const snap = this.settings.getSnapshot();
    const linkRead = snap.navigation !== this.navigation;
    this.navigation = snap.navigation;
    const source = this.sourceNow();
    const requested = pageFields(snap.settings).step;
    if (!sameSource(source, this.snapshot.source)) this.load(source, linkRead, requested);
    else if (this.snapshot.lesson) this.show(this.snapshot.lesson, requested, linkRead, linkRead ? [] : this.snapshot.errors);
  }

  private load(source: LessonSource | null, linkRead: boolean, requested: number): void {
    if (source === null) return this.update(NONE);
    if (source.kind === 'shipped') {
      this.update({ status: 'ready', source, lesson: LESSONS[source.id], errors: [] });
      return this.show(LESSONS[source.id], requested, linkRead, []);
    }
    this.update({ status: 'reading', source, lesson: null, errors: [] });
    void decodeLessonPayload(source.payload).then(({ lesson, errors }) => {
      if (!sameSource(this.snapshot.source, source)) return;
      if (lesson) {
        this.update({ status: 'ready', lesson });
        return this.show(lesson, pageFields(this.settings.getSnapshot().settings).step, linkRead, errors);
      }
      // Nothing usable: drop it from the URL (the settings stay), keep the message.
      this.update({ ...NONE, errors });
      this.settings.setLessonPayload(null, (s) => s, 'replace');
    });
  }

  /** Puts step `requested` on screen; after a link read, the step's view and settings too, under the link's own. */
  private show(lesson: Lesson, requested: number, linkRead: boolean, errors: Message[]): void {
    const step = clampStep(lesson, requested);
    const problems = [...errors];
    if (step !== requested) problems.push(msg('check.lesson.stepOutside', { count: lesson.steps.length, step }));
    this.update({ step, errors: problems });
    if (!linkRead) return;
    const snap = this.settings.getSnapshot();
    const carried = VIEWS[snap.settings.view].form ? { view: snap.settings.view, values: snap.carried } : null;
    this.settings.update((s) => applyLessonStep(s, lesson, step, carried), 'replace');
  }

  private update(patch: Partial<LessonSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}
