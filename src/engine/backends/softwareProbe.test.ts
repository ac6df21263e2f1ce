import { afterEach, describe, expect, it, vi } from 'vitest';
import { english } from '../../i18n/testing/english';
import { webglRuntime } from './webgl';
import { webgpuRuntime } from './webgpu';

const SWIFTSHADER_GL = 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)';
const NVIDIA_GL = 'ANGLE (NVIDIA, NVIDIA GeForce RTX 3080 Direct3D11 vs_5_0 ps_5_0, D3D11)';

/** An OffscreenCanvas whose WebGL 2 context reports this renderer (or hides it, with null). */
function fakeCanvas(renderer: string | null) {
  const gl = {
    VERSION: 0x1f02,
    getParameter: (pname: number) => ({ 0x1f02: 'WebGL 2.0 (OpenGL ES 3.0 Chromium)', 0x9245: 'Google Inc. (Google)', 0x9246: renderer })[pname] ?? null,
    getExtension: (name: string) => (name === 'WEBGL_debug_renderer_info' ? (renderer === null ? null : {}) : name === 'WEBGL_lose_context' ? { loseContext: () => undefined } : null),
  };
  return class {
    getContext(kind: string) {
      return kind === 'webgl2' ? gl : null;
    }
  };
}

/** adapter.info as browsers build it: its fields are getters on the prototype, not own properties. */
class FakeAdapterInfo {
  constructor(private readonly fields: Record<string, string | boolean>) {}
  get vendor() {
    return this.fields.vendor;
  }
  get architecture() {
    return this.fields.architecture;
  }
  get device() {
    return '';
  }
  get description() {
    return '';
  }
  get isFallbackAdapter() {
    return this.fields.isFallbackAdapter;
  }
}

function fakeGpu(fields: Record<string, string | boolean>) {
  return { gpu: { requestAdapter: async () => ({ info: new FakeAdapterInfo(fields) }) } };
}

afterEach(() => vi.unstubAllGlobals());

describe('the WebGL probe', () => {
  it('says a SwiftShader context is a software GPU, with the renderer string as evidence', async () => {
    vi.stubGlobal('OffscreenCanvas', fakeCanvas(SWIFTSHADER_GL));
    const probe = await webglRuntime.probe();
    expect(probe.available).toBe(true);
    expect(probe.softwareGpu).toEqual({ renderer: 'SwiftShader', evidence: SWIFTSHADER_GL, fallbackAdapter: false });
  });

  it('leaves a hardware GPU, or a hidden renderer, unmarked', async () => {
    vi.stubGlobal('OffscreenCanvas', fakeCanvas(NVIDIA_GL));
    expect((await webglRuntime.probe()).softwareGpu).toBeUndefined();
    vi.stubGlobal('OffscreenCanvas', fakeCanvas(null));
    const hidden = await webglRuntime.probe();
    expect(hidden.available).toBe(true);
    expect(hidden.softwareGpu).toBeUndefined();
  });
});

describe('the WebGPU probe', () => {
  it("says Chromium's SwiftShader fallback adapter is a software GPU", async () => {
    vi.stubGlobal('navigator', fakeGpu({ vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: true }));
    const probe = await webgpuRuntime.probe();
    expect(probe.available).toBe(true);
    expect(english(probe.reason)).toBe('adapter google / swiftshader');
    expect(probe.softwareGpu).toEqual({ renderer: 'SwiftShader', evidence: 'google / swiftshader', fallbackAdapter: true });
  });

  it('leaves a hardware adapter unmarked', async () => {
    vi.stubGlobal('navigator', fakeGpu({ vendor: 'nvidia', architecture: 'ampere', isFallbackAdapter: false }));
    expect((await webgpuRuntime.probe()).softwareGpu).toBeUndefined();
  });
});
