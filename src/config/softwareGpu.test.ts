import { describe, expect, it } from 'vitest';
import { softwareGpuOf, maskedRendererOf } from './softwareGpu';

/** Renderer strings as browsers report them (UNMASKED_RENDERER_WEBGL), with the renderer each names. */
const SOFTWARE_WEBGL: [renderer: string, name: string][] = [
  ['ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)', 'SwiftShader'],
  ['Google SwiftShader', 'SwiftShader'],
  ['ANGLE (Google, SwiftShader Device (Subzero), SwiftShader driver)', 'SwiftShader'],
  ['llvmpipe (LLVM 15.0.6, 256 bits)', 'llvmpipe'],
  ['ANGLE (Mesa, llvmpipe (LLVM 15.0.7, 256 bits), OpenGL 4.5)', 'llvmpipe'],
  ['softpipe', 'softpipe'],
  ['Gallium 0.4 on softpipe', 'softpipe'],
  ['ANGLE (Mesa, Vulkan 1.3.255 (llvmpipe (LLVM 15.0.7, 256 bits) (0x00000000)), llvmpipe)', 'lavapipe'],
  ['Vulkan 1.3 (lavapipe)', 'lavapipe'],
  ['ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)', 'Microsoft Basic Render Driver (WARP)'],
  ['Software Rasterizer', 'swrast'],
  ['Apple Software Renderer', 'Apple Software Renderer'],
];

/** Hardware GPUs' renderer strings: none is software, even those that name Mesa or Google. */
const HARDWARE_WEBGL = [
  'ANGLE (NVIDIA, NVIDIA GeForce RTX 3080 Direct3D11 vs_5_0 ps_5_0, D3D11)',
  'ANGLE (Apple, ANGLE Metal Renderer: Apple M1, Unspecified Version)',
  'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
  'ANGLE (AMD, AMD Radeon RX 6800 XT Direct3D11 vs_5_0 ps_5_0, D3D11)',
  'ANGLE (NVIDIA Corporation, NVIDIA GeForce RTX 4070/PCIe/SSE2, OpenGL 4.5.0)',
  'ANGLE (Google, Vulkan 1.3.0 (NVIDIA GeForce RTX 3060 (0x00002504)), NVIDIA-535.0.0)',
  'Mali-G78',
  'Adreno (TM) 740',
  'Apple GPU',
];

describe('softwareGpuOf: WebGL', () => {
  it.each(SOFTWARE_WEBGL)('%s is %s, and the evidence is the string itself', (renderer, name) => {
    expect(softwareGpuOf({ api: 'webgl', renderer, vendor: 'Google Inc. (Google)' })).toEqual({ renderer: name, evidence: renderer, fallbackAdapter: false });
  });

  it.each(HARDWARE_WEBGL)('%s is a hardware GPU', (renderer) => {
    expect(softwareGpuOf({ api: 'webgl', renderer, vendor: 'Google Inc. (NVIDIA)' })).toBeNull();
  });

  it('says nothing when the browser hides the renderer', () => {
    expect(softwareGpuOf({ api: 'webgl', renderer: null, vendor: null })).toBeNull();
    expect(softwareGpuOf({ api: 'webgl', renderer: '  ' })).toBeNull();
  });

  it('reads the vendor string when the renderer is masked but the vendor names the software renderer', () => {
    expect(softwareGpuOf({ api: 'webgl', renderer: null, vendor: 'Google Inc. (Google SwiftShader)' })?.renderer).toBe('SwiftShader');
  });
});

describe('softwareGpuOf: WebGPU', () => {
  it("Chromium's SwiftShader fallback adapter: named by its architecture and flagged as a fallback", () => {
    expect(softwareGpuOf({ api: 'webgpu', vendor: 'google', architecture: 'swiftshader', device: '', description: '', isFallbackAdapter: true })).toEqual({
      renderer: 'SwiftShader',
      evidence: 'google / swiftshader',
      fallbackAdapter: true,
    });
  });

  it('SwiftShader named without the flag (older browsers report no isFallbackAdapter)', () => {
    expect(softwareGpuOf({ api: 'webgpu', vendor: 'google', architecture: 'swiftshader', isFallbackAdapter: null })).toMatchObject({ renderer: 'SwiftShader', fallbackAdapter: false });
  });

  it('a fallback adapter the table does not name is still software', () => {
    expect(softwareGpuOf({ api: 'webgpu', vendor: 'someone', architecture: '', isFallbackAdapter: true })).toEqual({ renderer: null, evidence: 'someone', fallbackAdapter: true });
  });

  it("Mesa's lavapipe and Windows' WARP, by their descriptions", () => {
    expect(softwareGpuOf({ api: 'webgpu', vendor: 'mesa', architecture: '', description: 'llvmpipe (LLVM 15.0.6, 256 bits)' })?.renderer).toBe('llvmpipe');
    expect(softwareGpuOf({ api: 'webgpu', vendor: 'microsoft', description: 'Microsoft Basic Render Driver' })?.renderer).toBe('Microsoft Basic Render Driver (WARP)');
  });

  it.each([
    { vendor: 'nvidia', architecture: 'ampere' },
    { vendor: 'nvidia', architecture: 'lovelace', description: 'NVIDIA GeForce RTX 4070' },
    { vendor: 'apple', architecture: 'metal-3' },
    { vendor: 'intel', architecture: 'gen-12lp', description: 'Mesa Intel(R) UHD Graphics 620 (KBL GT2)' },
    { vendor: 'amd', architecture: 'rdna-2' },
    { vendor: 'google', architecture: '' },
  ])('$vendor $architecture is a hardware adapter', (info) => {
    expect(softwareGpuOf({ api: 'webgpu', ...info, isFallbackAdapter: false })).toBeNull();
  });
});

describe('a masked WebGL renderer', () => {
  it("is said to be masked (WebKit's \"Apple GPU\", or no debug names at all), never guessed; a named GPU is not", () => {
    expect(maskedRendererOf({ renderer: 'Apple GPU', vendor: 'Apple Inc.' }, 'WebKit WebGL')).toBe('Apple GPU');
    expect(maskedRendererOf({ renderer: null, vendor: null }, 'WebKit WebGL')).toBe('WebKit WebGL');
    expect(maskedRendererOf({ renderer: 'ANGLE (NVIDIA, NVIDIA GeForce RTX 4090 Direct3D11 vs_5_0 ps_5_0, D3D11)', vendor: 'Google Inc. (NVIDIA)' }, 'WebKit WebGL')).toBeNull();
  });
});
