import { describe, expect, it } from 'vitest';
import '../i18n/loadAllCatalogs';
import type { BackendAvailability } from '../config/backends';
import { softwareGpuOf, type SoftwareGpu } from '../config/softwareGpu';
import { sampleDeviceReport } from '../engine/protocol/deviceReportFixture';
import { msg } from '../i18n/message';
import { english } from '../i18n/testing/english';
import { Translator } from '../i18n/translator';
import { flattenDeviceReport } from './flattenDevice';
import { decodeResultLink, encodeResultLink } from './linkCodec';
import { makeSharedResult, validateSharedResult, type SharedRow } from './resultDoc';
import { typicalDevice, typicalRaceResult } from './fixtures/typicalRace';
import {
  deviceSoftwareMessage,
  deviceSoftwareSentence,
  listMessage,
  markedBackend,
  markedRatio,
  resultSoftwareSentence,
  softwareCardMessage,
  softwareCardText,
  softwareFromDevice,
  softwareMapOf,
} from './softwareGpu';

const EN = new Translator('en');
const ZH = new Translator('zh-CN');
const SWIFTSHADER_GL_RENDERER = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
const SWIFTSHADER_GL = softwareGpuOf({ api: 'webgl', renderer: SWIFTSHADER_GL_RENDERER }) as SoftwareGpu;
const SWIFTSHADER_GPU = softwareGpuOf({ api: 'webgpu', vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: true }) as SoftwareGpu;

const available = (name: BackendAvailability['name'], softwareGpu?: SoftwareGpu): BackendAvailability => ({ name, available: true, reason: msg('engine.backend.cpu.ready'), ...(softwareGpu ? { softwareGpu } : {}) });
/** This machine: headless Chromium, no GPU. */
const NO_GPU = [available('cpu'), available('wasm'), available('webgl', SWIFTSHADER_GL), available('webgpu', SWIFTSHADER_GPU)];

/** The flat device report a SwiftShader machine shares (WebGL's renderer and WebGPU's fallback adapter). */
function swiftShaderDevice() {
  const report = sampleDeviceReport();
  return flattenDeviceReport({
    ...report,
    webgl: {
      status: 'available',
      context: 'webgl2',
      version: 'WebGL 2.0 (OpenGL ES 3.0 Chromium)',
      shadingLanguageVersion: 'WebGL GLSL ES 3.00',
      unmaskedVendor: 'Google Inc. (Google)',
      unmaskedRenderer: SWIFTSHADER_GL_RENDERER,
      maxTextureSize: 8192,
      extensions: { EXT_color_buffer_float: true, EXT_color_buffer_half_float: true, OES_texture_float_linear: true, EXT_float_blend: true, EXT_disjoint_timer_query_webgl2: false },
    },
  }).device;
}

const ROWS: SharedRow[] = [
  { loop: 'app', backend: 'cpu', firstStepMs: 900, medianStepMs: 200, p90StepMs: 210, examplesPerSec: 160, gflops: 0.5 },
  { loop: 'app', backend: 'webgl', firstStepMs: 4000, medianStepMs: 150, p90StepMs: 170, examplesPerSec: 213, gflops: 0.7 },
  { loop: 'app', backend: 'webgpu', firstStepMs: 9000, medianStepMs: 400, p90StepMs: 420, examplesPerSec: 80, gflops: 0.3 },
];

/** A race result as the app wrote it before rows carried softwareGpu. */
function resultWithoutFlags(device: Record<string, string | number | boolean | string[]>) {
  const result = makeSharedResult({ config: typicalRaceResult().config, race: { backends: ['cpu', 'webgl', 'webgpu'], warmupSteps: 2, measuredSteps: 10, webgpuEngines: 'tfjs' }, rows: ROWS, curves: [], device, versions: { app: '0.1.0' } });
  return JSON.parse(JSON.stringify(result)) as unknown;
}

describe('software GPUs of this device', () => {
  it('are the available backends whose probe found a software renderer', () => {
    expect(softwareMapOf(NO_GPU)).toEqual({ webgl: SWIFTSHADER_GL, webgpu: SWIFTSHADER_GPU });
    expect(softwareMapOf([available('cpu'), available('webgl')])).toEqual({});
    expect(softwareMapOf(null)).toEqual({});
  });

  it('say in one sentence what a device without a hardware GPU lacks', () => {
    expect(deviceSoftwareSentence(NO_GPU, EN)).toBe(
      'This device has no hardware GPU that the browser can use: WebGL and WebGPU run on the CPU through SwiftShader, so their times are CPU times.',
    );
    expect(deviceSoftwareSentence(NO_GPU, ZH)).toBe('此设备没有浏览器可用的硬件 GPU：WebGL和WebGPU 通过 SwiftShader 在 CPU 上运行，所以它们的时间都是 CPU 时间。');
  });

  it('say which backends run on the CPU where a hardware GPU is there too, and nothing where none does', () => {
    const mixed = [available('cpu'), available('wasm'), available('webgl'), available('webgpu', softwareGpuOf({ api: 'webgpu', vendor: 'x', isFallbackAdapter: true }) as SoftwareGpu)];
    expect(deviceSoftwareSentence(mixed, EN)).toBe('On this device WebGPU runs on the CPU through a fallback adapter, so its times are CPU times, not GPU times.');
    expect(deviceSoftwareSentence([available('cpu'), available('webgl')], EN)).toBeNull();
    expect(deviceSoftwareSentence(null, EN)).toBeNull();
  });

  it('a card says that the backend runs on the CPU, and why, in the browser’s own words', () => {
    expect(softwareCardText(SWIFTSHADER_GL, EN)).toBe(`Software GPU: runs on the CPU. The browser draws it with SwiftShader (it reports “${SWIFTSHADER_GL_RENDERER}”).`);
    expect(softwareCardText({ renderer: null, evidence: 'x', fallbackAdapter: true }, EN)).toContain('only a fallback adapter');
    expect(softwareCardText(SWIFTSHADER_GPU, ZH)).toContain('软件 GPU');
  });

  it('are messages whose renderer names and browser words are data, said as they came in every language', () => {
    expect(softwareCardMessage(SWIFTSHADER_GL)).toEqual(msg('softwareGpu.card', { renderer: 'SwiftShader', evidence: SWIFTSHADER_GL_RENDERER }));
    const sentence = deviceSoftwareMessage(NO_GPU);
    expect(sentence?.values?.backends).toEqual(msg('softwareGpu.list.pair', { first: msg('backend.webgl'), second: msg('backend.webgpu') }));
    expect(sentence?.values?.renderers).toBe('SwiftShader');
  });

  it('join a list as the language does', () => {
    for (const t of [EN, ZH]) {
      for (const items of [['a'], ['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']]) {
        expect(t.say(msg('softwareGpu.named', { backend: listMessage(items) })), `${t.locale} ${items.length}`).toBe(
          t.t('softwareGpu.named', { backend: new Intl.ListFormat(t.locale, { type: 'conjunction' }).format(items) }),
        );
      }
    }
    expect(listMessage(['SwiftShader', 'SwiftShader'])).toBe('SwiftShader');
  });

  it('mark a backend’s name and never let its ratio pass for a GPU speed-up', () => {
    expect(markedBackend('webgl', true, EN)).toBe('WebGL (software, on the CPU)');
    expect(markedBackend('webgl', false, EN)).toBe('WebGL');
    expect(markedRatio('1.33×', true, EN)).toBe('1.33×, CPU vs CPU');
    expect(markedRatio('1.33×', false, EN)).toBe('1.33×');
  });
});

describe('software GPUs of a shared result', () => {
  it('are named by the flat device report a SwiftShader machine shares', () => {
    expect(softwareFromDevice(swiftShaderDevice())).toEqual({
      webgl: { renderer: 'SwiftShader', evidence: SWIFTSHADER_GL_RENDERER, fallbackAdapter: false },
      webgpu: { renderer: 'SwiftShader', evidence: 'google / swiftshader', fallbackAdapter: false },
    });
    expect(softwareFromDevice(typicalDevice())).toEqual({});
  });

  it('an old result without flags is judged from its device report: its GPU rows are marked, its CPU rows not', () => {
    const { result, errors } = validateSharedResult(resultWithoutFlags(swiftShaderDevice()));
    expect(english(errors)).toEqual([]);
    expect(result?.rows.map((r) => [r.backend, r.softwareGpu])).toEqual([
      ['cpu', undefined],
      ['webgl', true],
      ['webgpu', true],
    ]);
    expect(resultSoftwareSentence(result!, 'Theirs', EN)).toBe(
      'Theirs: WebGL and WebGPU ran on the CPU through SwiftShader, a software GPU, so their times are CPU times, not GPU times.',
    );
  });

  it('an old result from a hardware GPU reads exactly as before', () => {
    const raw = resultWithoutFlags(typicalDevice());
    const { result } = validateSharedResult(raw);
    expect(result?.rows).toEqual(ROWS);
    expect(resultSoftwareSentence(result!, 'Theirs', EN)).toBeNull();
  });

  it('a flag the link carries wins over the device report, and survives the link', async () => {
    const flagged = { ...(resultWithoutFlags(swiftShaderDevice()) as object), rows: ROWS.map((r) => (r.backend === 'cpu' ? r : { ...r, softwareGpu: r.backend === 'webgl' })) };
    const { result, errors } = validateSharedResult(flagged);
    expect(english(errors)).toEqual([]);
    expect(result?.rows.map((r) => r.softwareGpu)).toEqual([undefined, true, false]);
    const decoded = await decodeResultLink(await encodeResultLink(result!));
    expect(decoded.result?.rows.map((r) => r.softwareGpu)).toEqual([undefined, true, false]);
    expect(resultSoftwareSentence(decoded.result!, 'Theirs', EN)).toBe('Theirs: WebGL ran on the CPU through SwiftShader, a software GPU, so its times are CPU times, not GPU times.');
  });

  it('a malformed flag, or one on a CPU row, is dropped with a message', () => {
    const raw = { ...(resultWithoutFlags(typicalDevice()) as object), rows: [{ ...ROWS[0], softwareGpu: true }, { ...ROWS[1], softwareGpu: 'yes' }] };
    const { result, errors } = validateSharedResult(raw);
    expect(english(errors)).toEqual([
      'Summary row 1: softwareGpu applies to GPU backends only, not cpu; it was ignored',
      "Summary row 2: softwareGpu must be true or false (got 'yes'); it was ignored",
    ]);
    expect(result?.rows.map((r) => r.softwareGpu)).toEqual([undefined, undefined]);
  });
});
