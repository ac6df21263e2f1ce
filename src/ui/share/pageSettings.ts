/**
 * Every setting of the page (the open tab, each view's form) and how it maps to the URL hash. The
 * hash carries the open view's settings only, through the share codec's schema tables; the other
 * views keep theirs in memory. Pure: no window, no React.
 */
import type { BackendName } from '../../config/backends';
import { defaultGanConfig, GAN_SCHEMA, parseGanConfig } from '../../config/ganConfig';
import { CNN_SCHEMA, defaultCnnConfig, parseCnnConfig, type CnnRunConfig } from '../../config/runConfig';
import { parseField, type Schema } from '../../config/schema';
import { LAB_SCHEMA, LAB_SETTING_KEYS, parseLabWorkload } from '../../engine/lab/labSettings';
import type { LabWorkload } from '../../engine/lab/labProtocol';
import { decodeSettings, encodeSettings, hashParams, RESULT_KEY } from '../../share/hashState';
import { quoted } from '../../share/messages';
import type { AnyRunConfig } from '../../share/shareSchemas';

export const VIEW_IDS = ['train', 'gan', 'lab', 'history'] as const;
export type ViewId = (typeof VIEW_IDS)[number];

export type RawValues = Record<string, string>;
export type LabKey = (typeof LAB_SETTING_KEYS)[number];
export type LabValues = Record<LabKey, string>;

/** Raced by default when available; wasm is opt-in (tfjs-wasm 4.22 cannot train a CNN). */
export const DEFAULT_RACE_BACKENDS: readonly BackendName[] = ['cpu', 'webgl', 'webgpu'];
/** Race keys the lab view always writes, so its own defaults survive a reload (the codec omits the race schema's). */
const EXPLICIT_LAB_KEYS = ['warmupSteps', 'measuredSteps'] as const;

export interface PageSettings {
  view: ViewId;
  /** The CNN form, every CNN_SCHEMA key (backend included), as typed. */
  cnn: RawValues;
  /** The GAN form, every GAN_SCHEMA key. */
  gan: RawValues;
  /** The lab's workload form. */
  lab: LabValues;
  /** Backends ticked for the race and sweeps; null = the default choice. */
  raceBackends: BackendName[] | null;
}

export function isViewId(value: unknown): value is ViewId {
  return typeof value === 'string' && (VIEW_IDS as readonly string[]).includes(value);
}

/** A config as the strings its form holds. */
export function rawValuesOf(schema: Schema, config: object): RawValues {
  const record = config as Record<string, unknown>;
  return Object.fromEntries(Object.keys(schema).map((key) => [key, String(record[key])]));
}

export function labValuesOf(workload: LabWorkload): LabValues {
  return Object.fromEntries(LAB_SETTING_KEYS.map((key) => [key, String(workload[key])])) as LabValues;
}

export function defaultPageSettings(): PageSettings {
  return {
    view: 'train',
    cnn: rawValuesOf(CNN_SCHEMA, defaultCnnConfig()),
    gan: rawValuesOf(GAN_SCHEMA, defaultGanConfig()),
    lab: labValuesOf(parseLabWorkload({}).workload),
    raceBackends: null,
  };
}

/** The view a workload's settings open in when a link names none. */
export function viewOfWorkload(workload: AnyRunConfig['workload']): ViewId {
  return workload === 'gan' ? 'gan' : 'train';
}

/** The CNN config a race runs: the lab's four model fields over the CNN defaults. */
export function raceConfigOf(workload: Pick<LabWorkload, 'model' | 'dataset' | 'batchSize' | 'seed'>): CnnRunConfig {
  return { ...defaultCnnConfig(), model: workload.model, dataset: workload.dataset, batchSize: workload.batchSize, seed: workload.seed };
}

function hashOfView(settings: PageSettings): string {
  switch (settings.view) {
    case 'train':
      return encodeSettings(parseCnnConfig(settings.cnn).config);
    case 'gan':
      return encodeSettings(parseGanConfig(settings.gan).config);
    case 'history':
      return encodeSettings(defaultCnnConfig(), { view: 'history' });
    case 'lab': {
      const { workload } = parseLabWorkload(settings.lab);
      const race = { backends: [...(settings.raceBackends ?? DEFAULT_RACE_BACKENDS)], warmupSteps: workload.warmupSteps, measuredSteps: workload.measuredSteps };
      const hash = encodeSettings(raceConfigOf(workload), { race, view: 'lab' });
      const written = new Set(hashParams(hash).entries.map(([key]) => key));
      const missing = EXPLICIT_LAB_KEYS.filter((key) => !written.has(key)).map((key) => `&${key}=${workload[key]}`);
      return hash + missing.join('');
    }
  }
}

/** The hash for these settings, plus a shared result's payload while one is open. */
export function settingsToHash(settings: PageSettings, resultPayload: string | null = null): string {
  const hash = hashOfView(settings);
  return resultPayload ? `${hash}&${RESULT_KEY}=${resultPayload}` : hash;
}

export interface ReadHash {
  settings: PageSettings;
  /** What could not be read, one plain sentence each; defaults were used for it. */
  errors: string[];
  /** The raw `r` value (a shared result), or null. */
  resultPayload: string | null;
}

function readLab(config: AnyRunConfig, race: ReturnType<typeof decodeSettings>['race'], present: ReadonlySet<string>, errors: string[]): Pick<PageSettings, 'lab' | 'raceBackends'> {
  const defaults = labValuesOf(parseLabWorkload({}).workload);
  if (config.workload !== 'cnn') {
    errors.push('A race runs a CNN, so the GAN settings in this link were not used for it');
    return { lab: defaults, raceBackends: null };
  }
  const fromLink: Record<LabKey, unknown> = {
    model: config.model,
    dataset: config.dataset,
    batchSize: config.batchSize,
    seed: config.seed,
    warmupSteps: present.has('warmupSteps') ? race.warmupSteps : undefined,
    measuredSteps: present.has('measuredSteps') ? race.measuredSteps : undefined,
  };
  const lab = { ...defaults };
  for (const key of LAB_SETTING_KEYS) {
    if (fromLink[key] === undefined) continue;
    const parsed = parseField(LAB_SCHEMA[key], fromLink[key]);
    if (parsed.ok) lab[key] = String(parsed.value);
    else errors.push(`${parsed.message} for the lab (got ${quoted(String(fromLink[key]))}); using the default, ${defaults[key]}`);
  }
  const raceBackends = present.has('backends') ? race.backends : null;
  return { lab, raceBackends };
}

/**
 * Reads a hash onto the current settings: the tab it names and that tab's form; the other forms
 * keep their values. Never throws; whatever cannot be read keeps its default, with a message.
 */
export function settingsFromHash(hash: string, current: PageSettings): ReadHash {
  const decoded = decodeSettings(hash);
  const errors = [...decoded.errors];
  const entries = hashParams(hash).entries;
  const present = new Set(entries.map(([key]) => key));
  const resultPayload = entries.find(([key]) => key === RESULT_KEY)?.[1] ?? null;

  let view = viewOfWorkload(decoded.config.workload);
  if (decoded.view !== null) {
    if (isViewId(decoded.view)) view = decoded.view;
    else errors.push(`There is no view ${quoted(decoded.view)}; showing ${view} instead`);
  }
  const settings: PageSettings = { ...current, view };
  if (view === 'lab') Object.assign(settings, readLab(decoded.config, decoded.race, present, errors));
  else if (view !== 'history') {
    if (decoded.config.workload === 'gan') settings.gan = rawValuesOf(GAN_SCHEMA, decoded.config);
    else settings.cnn = rawValuesOf(CNN_SCHEMA, decoded.config);
  }
  return { settings, errors, resultPayload };
}
