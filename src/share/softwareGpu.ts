/**
 * Software GPUs in what the pages show: which backends of this device or of a result ran on the
 * CPU, the words that mark their rows and ratios, and the one sentence saying what a device lacks.
 * Pure, so every mark the page shows is tested.
 */
import { backendMessage, BACKENDS, GPU_BACKENDS, isBackendName, type BackendAvailability, type BackendName } from '../config/backends';
import { softwareGpuOf, type SoftwareGpu } from '../config/softwareGpu';
import { HIDDEN } from '../engine/protocol/deviceReport';
import { msg, type Message, type MessageValue } from '../i18n/message';
import type { Translator } from '../i18n/translator';
import type { DeviceReport, SharedResult, SharedRow } from './resultTypes';

/** The software GPUs among some backends, by backend. */
export type SoftwareMap = Partial<Record<BackendName, SoftwareGpu>>;

/** The software GPUs among the backends detected here. */
export function softwareMapOf(backends: readonly BackendAvailability[] | null): SoftwareMap {
  const out: SoftwareMap = {};
  for (const b of backends ?? []) if (b.available && b.softwareGpu) out[b.name] = b.softwareGpu;
  return out;
}

/** A device report's text, or null where the browser hid it or it was not available. */
function text(device: DeviceReport, key: string): string | null {
  const value = Object.hasOwn(device, key) ? device[key] : undefined;
  return typeof value === 'string' && value !== HIDDEN && !value.startsWith('not available') ? value : null;
}

/** The software GPUs a result's flat device report names (src/share/flattenDevice.ts keys): how a result without flags is judged. */
export function softwareFromDevice(device: DeviceReport): SoftwareMap {
  const out: SoftwareMap = {};
  const webgl = softwareGpuOf({ api: 'webgl', renderer: text(device, 'webgl.renderer'), vendor: text(device, 'webgl.vendor') });
  const fallback = Object.hasOwn(device, 'webgpu.fallbackAdapter') ? device['webgpu.fallbackAdapter'] : undefined;
  const webgpu = softwareGpuOf({
    api: 'webgpu',
    vendor: text(device, 'webgpu.vendor'),
    architecture: text(device, 'webgpu.architecture'),
    device: text(device, 'webgpu.device'),
    description: text(device, 'webgpu.description'),
    isFallbackAdapter: typeof fallback === 'boolean' ? fallback : null,
  });
  if (webgl) out.webgl = webgl;
  if (webgpu) out.webgpu = webgpu;
  return out;
}

const isGpu = (backend: string) => isBackendName(backend) && BACKENDS[backend].device === 'gpu';

/** The flag a result's row carries: for a GPU row, whether it ran on a software GPU; CPU rows carry none. */
export function rowFlag(backend: BackendName, software: SoftwareMap): Pick<SharedRow, 'softwareGpu'> {
  return isGpu(backend) ? { softwareGpu: software[backend] !== undefined } : {};
}

/**
 * A result's rows with the flag where they lack it: a result shared before rows carried it is
 * judged from its own device report, so an old link keeps meaning what it meant.
 */
export function judgeUnflaggedRows(rows: readonly SharedRow[], device: DeviceReport): SharedRow[] {
  if (rows.every((r) => r.softwareGpu !== undefined || !isGpu(r.backend))) return [...rows];
  const judged = softwareFromDevice(device);
  return rows.map((r) => (r.softwareGpu === undefined && isGpu(r.backend) && judged[r.backend] ? { ...r, softwareGpu: true } : r));
}

/** The GPU backends of a result that ran on a software GPU, in row order. */
export function softwareRowsOf(result: Pick<SharedResult, 'rows'>): BackendName[] {
  return [...new Set(result.rows.filter((r) => r.softwareGpu === true).map((r) => r.backend))];
}

/** A backend's name as tables and bars show it: marked when it ran on the CPU. */
export function markedBackend(backend: BackendName, software: boolean, t: Translator): string {
  const name = t.t(`backend.${backend}`);
  return software ? t.t('softwareGpu.named', { backend: name }) : name;
}

/** A speed-up as shown; a software GPU's is a ratio of two CPU times and is said so. */
export function markedRatio(ratio: string, software: boolean, t: Translator): string {
  return software ? t.t('softwareGpu.ratio', { ratio }) : ratio;
}

/** Under a compared backend: which sides (their labels) ran it on a software GPU; null where neither did. */
export function softwareSidesText(sides: readonly { label: string; software: boolean }[], t: Translator): string | null {
  const on = sides.filter((s) => s.software).map((s) => s.label);
  return on.length ? t.say(msg('softwareGpu.onSides', { sides: listMessage(on) })) : null;
}

/** What a backend card says of a software GPU: that it runs on the CPU, and the browser's own words (data, as they came). */
export function softwareCardMessage(software: SoftwareGpu): Message {
  return software.renderer === null
    ? msg('softwareGpu.cardFallback', { evidence: software.evidence })
    : msg('softwareGpu.card', { renderer: software.renderer, evidence: software.evidence });
}

/** The card's words in one language (the bench, tests). */
export function softwareCardText(software: SoftwareGpu, t: Translator): string {
  return t.say(softwareCardMessage(software));
}

/** "WebGL and WebGPU", "WebGL和WebGPU": each item once, joined as the language joins a list (a string item is data, said as it came). */
export function listMessage(items: readonly MessageValue[]): MessageValue {
  const seen = new Set<string>();
  const once = items.filter((item) => {
    const key = JSON.stringify(item);
    return seen.has(key) ? false : (seen.add(key), true);
  });
  if (once.length <= 1) return once[0] ?? '';
  if (once.length === 2) return msg('softwareGpu.list.pair', { first: once[0], second: once[1] });
  const list = once.slice(1, -1).reduce<MessageValue>((l, item) => msg('softwareGpu.list.more', { list: l, item }), once[0]);
  return msg('softwareGpu.list.last', { list, last: once[once.length - 1] });
}

/** The renderer's name as the browser's words gave it (data), or what stands for it. */
function rendererName(software: SoftwareGpu | undefined): MessageValue {
  if (!software) return msg('softwareGpu.unknownRenderer');
  return software.renderer ?? msg('softwareGpu.fallbackAdapter');
}

/**
 * One sentence on what this device lacks: no hardware GPU at all (every GPU backend here is
 * software or missing), or some GPU backends on the CPU; null where no GPU backend is software.
 */
export function deviceSoftwareMessage(backends: readonly BackendAvailability[] | null): Message | null {
  const software = softwareMapOf(backends);
  const names = GPU_BACKENDS.filter((b) => software[b]);
  if (names.length === 0) return null;
  const hardware = GPU_BACKENDS.some((b) => !software[b] && backends?.some((a) => a.name === b && a.available));
  const values = {
    backends: listMessage(names.map(backendMessage)),
    renderers: listMessage(names.map((b) => rendererName(software[b]))),
    count: names.length,
  };
  return msg(hardware ? 'softwareGpu.deviceSome' : 'softwareGpu.deviceLacks', values);
}

/** deviceSoftwareMessage in one language (the bench, tests). */
export function deviceSoftwareSentence(backends: readonly BackendAvailability[] | null, t: Translator): string | null {
  const message = deviceSoftwareMessage(backends);
  return message && t.say(message);
}

/** One sentence under a result (shared, kept or run here) whose GPU rows ran on the CPU; null where none did. */
export function resultSoftwareMessage(result: Pick<SharedResult, 'rows' | 'device'>, label: MessageValue): Message | null {
  const names = softwareRowsOf(result);
  if (names.length === 0) return null;
  const named = softwareFromDevice(result.device);
  return msg('softwareGpu.result', {
    label,
    backends: listMessage(names.map(backendMessage)),
    renderers: listMessage(names.map((b) => rendererName(named[b]))),
    count: names.length,
  });
}

/** resultSoftwareMessage in one language (tests). */
export function resultSoftwareSentence(result: Pick<SharedResult, 'rows' | 'device'>, label: string, t: Translator): string | null {
  const message = resultSoftwareMessage(result, label);
  return message && t.say(message);
}
