import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectDeviceReport } from './deviceReport';
import { HIDDEN, type WebGlContextKind } from '../protocol/deviceReport';
import { describeWebGl, type GlLike } from './webglInfo';
import { collectWebGpuSection, describeAdapter } from './webgpuInfo';
import { msg } from '../../i18n/message';
import { english } from '../../i18n/testing/english';

beforeAll(async () => {
  await tf.setBackend('cpu');
});

describe('collectDeviceReport in Node', () => {
  it('resolves with WebGPU and WebGL marked not available, each with a reason', async () => {
    const report = await collectDeviceReport();
    expect(report.webgpu).toEqual({ status: 'not available', reason: msg('engine.device.noWebGpu') });
    expect(report.webgl).toEqual({ status: 'not available', reason: msg('engine.device.noOffscreenCanvas') });
    expect(report.environment.userAgent).toMatchObject({ status: 'not available', reason: msg('engine.device.noNavigator') });
    expect(english(msg('lab.value.notAvailable', { reason: msg('engine.device.noWebGpu') }))).toBe('not available (navigator.gpu is missing: this browser (or context) has no WebGPU)');
    expect(report.tfjs.currentBackend).toBe('cpu');
    expect(report.tfjs.versions['tfjs-core']).toBe(tf.version['tfjs-core']);
    expect(report.tfjs.registeredBackends).toContain('cpu');
    expect(Object.keys(report.tfjs.flags)).toContain('IS_NODE');
  });

  it('is plain JSON: it survives a JSON round trip unchanged', async () => {
    const report = await collectDeviceReport();
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });
});

describe('WebGPU section', () => {
  const limits = { maxBufferSize: 268_435_456, maxStorageBufferBindingSize: 134_217_728, maxComputeWorkgroupSizeX: 256, maxComputeInvocationsPerWorkgroup: 256 };
  const fakeAdapter = (info: Record<string, unknown> | undefined) =>
    ({ features: new Set(['timestamp-query', 'shader-f16', 'float32-filterable']), limits, info }) as unknown as GPUAdapter;

  it('reports empty adapter.info strings as hidden, sorts features and flags a missing limit', () => {
    const section = describeAdapter(fakeAdapter({ vendor: 'google', architecture: '', device: '', description: 'SwiftShader', isFallbackAdapter: true }));
    expect(section).toMatchObject({ status: 'available', vendor: 'google', architecture: HIDDEN, device: HIDDEN, description: 'SwiftShader', isFallbackAdapter: true });
    expect(section.features).toEqual(['float32-filterable', 'shader-f16', 'timestamp-query']);
    expect(section.limits.maxBufferSize).toBe(268_435_456);
    expect(section.limits.maxComputeWorkgroupStorageSize).toMatchObject({ status: 'not available' });
  });

  it('says why when the browser predates adapter.info or no adapter is granted', async () => {
    expect(describeAdapter(fakeAdapter(undefined)).vendor).toMatchObject({ status: 'not available', reason: msg('engine.device.noAdapterInfo') });
    const refusing = { requestAdapter: async () => null } as unknown as GPU;
    expect(await collectWebGpuSection(refusing)).toMatchObject({ status: 'not available', reason: msg('engine.device.noAdapter') });
    const throwing = { requestAdapter: async () => Promise.reject(new Error('boom')) } as unknown as GPU;
    expect(await collectWebGpuSection(throwing)).toMatchObject({ status: 'not available', reason: { id: 'engine.device.adapterFailed', values: { detail: expect.stringContaining('boom') } } });
  });
});

/** A WebGL context fake answering the enums webglInfo reads. */
function fakeGl(opts: { debugInfo: boolean; extensions: string[]; renderer?: string }) {
  const state = { lost: false };
  const params: Record<number, unknown> = { 0x1f02: 'WebGL 2.0 (OpenGL ES 3.0 Chromium)', 0x8b8c: 'WebGL GLSL ES 3.00', 0x0d33: 8192, 0x9245: 'Google Inc.', 0x9246: opts.renderer ?? 'ANGLE (SwiftShader)' };
  const gl: GlLike = {
    getParameter: (pname) => params[pname] ?? null,
    getExtension: (name) => {
      if (name === 'WEBGL_debug_renderer_info') return opts.debugInfo ? {} : null;
      if (name === 'WEBGL_lose_context') return { loseContext: () => (state.lost = true) };
      return null;
    },
    getSupportedExtensions: () => opts.extensions,
  };
  return { gl, state };
}

describe('WebGL section', () => {
  it('reads version, renderer, texture size and extensions, then loses the context', () => {
    const { gl, state } = fakeGl({ debugInfo: true, extensions: ['EXT_color_buffer_float', 'EXT_float_blend'] });
    const section = describeWebGl(() => gl);
    expect(section).toMatchObject({ status: 'available', context: 'webgl2', unmaskedRenderer: 'ANGLE (SwiftShader)', maxTextureSize: 8192 });
    if (section.status !== 'available') throw new Error('expected an available section');
    expect(section.extensions).toEqual({
      EXT_color_buffer_float: true,
      EXT_color_buffer_half_float: false,
      OES_texture_float_linear: false,
      EXT_float_blend: true,
      EXT_disjoint_timer_query_webgl2: false,
    });
    expect(state.lost).toBe(true);
  });

  it('marks unmasked names hidden without the debug extension and WebGL 2-only extensions n/a on WebGL 1', () => {
    const { gl } = fakeGl({ debugInfo: false, extensions: [] });
    const section = describeWebGl((kind: WebGlContextKind) => (kind === 'webgl' ? gl : null));
    expect(section).toMatchObject({ context: 'webgl', unmaskedVendor: HIDDEN, unmaskedRenderer: HIDDEN });
    if (section.status !== 'available') throw new Error('expected an available section');
    expect(section.extensions.EXT_color_buffer_float).toMatchObject({ status: 'not available' });
    expect(section.extensions.EXT_float_blend).toBe(false);
  });

  it('says why when no context is granted', () => {
    expect(describeWebGl(() => null)).toMatchObject({ status: 'not available', reason: msg('engine.device.webglRefused') });
  });
});
