import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import { backendToUse, firstAvailable, orderHere, SINGLE_JOB_ORDER, STAND_IN_ORDER, type BackendAvailability } from './backends';
import { softwareGpuOf, type SoftwareGpu } from './softwareGpu';

const SWIFTSHADER_GL = softwareGpuOf({ api: 'webgl', renderer: 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)' }) as SoftwareGpu;
const SWIFTSHADER_GPU = softwareGpuOf({ api: 'webgpu', vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: true }) as SoftwareGpu;

const cpu: BackendAvailability = { name: 'cpu', available: true, reason: msg('engine.backend.cpu.ready') };
const wasm: BackendAvailability = { name: 'wasm', available: true, reason: msg('engine.backend.wasm.threads') };

/** This machine: no GPU, WebGL and WebGPU on SwiftShader. */
const SOFTWARE_ONLY: BackendAvailability[] = [
  cpu,
  wasm,
  { name: 'webgl', available: true, reason: msg('engine.backend.webgl.ready', { version: 'WebGL 2.0' }), softwareGpu: SWIFTSHADER_GL },
  { name: 'webgpu', available: true, reason: msg('engine.backend.webgpu.ready', { vendor: 'google', architecture: 'swiftshader' }), softwareGpu: SWIFTSHADER_GPU },
];
/** A laptop with a GPU. */
const HARDWARE: BackendAvailability[] = [
  cpu,
  wasm,
  { name: 'webgl', available: true, reason: msg('engine.backend.webgl.ready', { version: 'WebGL 2.0' }) },
  { name: 'webgpu', available: true, reason: msg('engine.backend.webgpu.ready', { vendor: 'nvidia', architecture: 'ampere' }) },
];
/** A hardware WebGL beside a software WebGPU adapter (a blocklisted WebGPU driver). */
const MIXED: BackendAvailability[] = [cpu, wasm, HARDWARE[2], SOFTWARE_ONLY[3]];

describe('orderHere and firstAvailable', () => {
  it('keeps the fastest-first order where the GPUs are hardware', () => {
    expect(orderHere(STAND_IN_ORDER, HARDWARE)).toEqual(['webgl', 'webgpu', 'wasm', 'cpu']);
    expect(firstAvailable(SINGLE_JOB_ORDER, HARDWARE)).toBe('webgpu');
  });

  it('puts a software GPU behind WebAssembly, never ahead of it', () => {
    expect(orderHere(STAND_IN_ORDER, SOFTWARE_ONLY)).toEqual(['wasm', 'webgl', 'webgpu', 'cpu']);
    expect(orderHere(SINGLE_JOB_ORDER, SOFTWARE_ONLY)).toEqual(['wasm', 'webgpu', 'webgl', 'cpu']);
    expect(orderHere(STAND_IN_ORDER, MIXED)).toEqual(['webgl', 'wasm', 'webgpu', 'cpu']);
    expect(firstAvailable(STAND_IN_ORDER, SOFTWARE_ONLY)).toBe('wasm');
    expect(firstAvailable(SINGLE_JOB_ORDER, MIXED)).toBe('webgl');
  });

  it('takes a software GPU over the plain-JS CPU when WebAssembly is missing', () => {
    const noWasm = SOFTWARE_ONLY.map((b) => (b.name === 'wasm' ? { ...b, available: false } : b));
    expect(firstAvailable(STAND_IN_ORDER, noWasm)).toBe('webgl');
  });

  it('is the plain order until detection has answered', () => {
    expect(orderHere(STAND_IN_ORDER, null)).toEqual([...STAND_IN_ORDER]);
    expect(firstAvailable(STAND_IN_ORDER, null)).toBeNull();
  });
});

describe('backendToUse', () => {
  it('a software GPU is never the default: the form moves to WebAssembly', () => {
    expect(backendToUse('webgl', false, SOFTWARE_ONLY)).toBe('wasm');
    expect(backendToUse('webgpu', false, SOFTWARE_ONLY)).toBe('wasm');
  });

  it('a software GPU chosen on purpose (a click, a link) is kept', () => {
    expect(backendToUse('webgl', true, SOFTWARE_ONLY)).toBe('webgl');
  });

  it('a hardware GPU stays the default', () => {
    expect(backendToUse('webgl', false, HARDWARE)).toBe('webgl');
    expect(backendToUse('webgl', false, MIXED)).toBe('webgl');
    expect(backendToUse('webgpu', false, MIXED)).toBe('webgl');
  });

  it('a missing backend is replaced by the best stand-in here, a software GPU only after WebAssembly', () => {
    const noGl = HARDWARE.map((b) => (b.name === 'webgl' ? { ...b, available: false } : b));
    expect(backendToUse('webgl', true, noGl)).toBe('webgpu');
    const noGlSoftwareGpu = SOFTWARE_ONLY.map((b) => (b.name === 'webgl' ? { ...b, available: false } : b));
    expect(backendToUse('webgl', true, noGlSoftwareGpu)).toBe('wasm');
  });

  it('takes its stand-in from the order given: the lab\'s single-backend jobs prefer the GPU, a hardware one', () => {
    expect(backendToUse('webgpu', false, HARDWARE, SINGLE_JOB_ORDER)).toBe('webgpu');
    expect(backendToUse('webgpu', false, SOFTWARE_ONLY, SINGLE_JOB_ORDER)).toBe('wasm');
    expect(backendToUse('webgpu', false, MIXED, SINGLE_JOB_ORDER)).toBe('webgl');
    expect(backendToUse('webgpu', true, SOFTWARE_ONLY, SINGLE_JOB_ORDER)).toBe('webgpu');
  });

  it('changes nothing before detection', () => {
    expect(backendToUse('webgl', false, null)).toBe('webgl');
    expect(backendToUse('webgl', false, [])).toBe('webgl');
  });
});
