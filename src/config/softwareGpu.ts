/**
 * What marks a "GPU" that is really the CPU: a software renderer behind WebGL, or a software
 * adapter behind WebGPU. Browsers fall back to one when no usable GPU (or driver) is there, and
 * it looks like a GPU to every API; its times are CPU times. One table, read by one function.
 */

export interface SoftwareRenderer {
  /** Its name as the pages say it. */
  name: string;
  /** Matches the names the browser reports: WebGL's unmasked renderer or vendor, WebGPU's adapter info. */
  pattern: RegExp;
  /** What it is, for a reader of this table. */
  what: string;
}

/** Most specific first: lavapipe's renderer string also names llvmpipe. */
export const SOFTWARE_RENDERERS: readonly SoftwareRenderer[] = [
  {
    name: 'SwiftShader',
    pattern: /swiftshader/i,
    what: "Google's CPU implementation of Vulkan and OpenGL ES: Chromium's WebGL and WebGPU when no GPU is usable",
  },
  {
    name: 'lavapipe',
    // ANGLE on Vulkan names the Vulkan device: "Vulkan 1.3 (llvmpipe (LLVM …))" is Mesa's Vulkan-on-CPU driver.
    pattern: /lavapipe|vulkan[^,]*\(\s*llvmpipe/i,
    what: "Mesa's Vulkan driver on the CPU (its device is named llvmpipe)",
  },
  { name: 'llvmpipe', pattern: /llvmpipe/i, what: "Mesa's OpenGL rasterizer on the CPU, compiled with LLVM" },
  { name: 'softpipe', pattern: /softpipe/i, what: "Mesa's reference OpenGL rasterizer on the CPU" },
  { name: 'swrast', pattern: /\bswrast\b|software rasterizer/i, what: "Mesa's classic software rasterizer" },
  {
    name: 'Microsoft Basic Render Driver (WARP)',
    pattern: /microsoft basic render driver|\bwarp\b/i,
    what: "Windows' Direct3D on the CPU (WARP), used when no GPU driver is installed",
  },
  { name: 'Apple Software Renderer', pattern: /apple software renderer/i, what: "macOS's OpenGL on the CPU" },
];

/** A GPU backend that runs on the CPU, and the browser's own words that say so. */
export interface SoftwareGpu {
  /** The renderer's name from SOFTWARE_RENDERERS; null where only WebGPU's fallback-adapter flag says so. */
  renderer: string | null;
  /** What the browser reported, verbatim: WebGL's renderer string, or the WebGPU adapter's vendor / architecture / device / description. */
  evidence: string;
  /** WebGPU granted a fallback adapter (isFallbackAdapter), which is a software one. */
  fallbackAdapter: boolean;
}

/** What WebGL or WebGPU tells about the GPU behind it; any field may be missing or hidden by the browser. */
export type GpuIdentity =
  | { api: 'webgl'; renderer?: string | null; vendor?: string | null }
  | { api: 'webgpu'; vendor?: string | null; architecture?: string | null; device?: string | null; description?: string | null; isFallbackAdapter?: boolean | null };

function present(texts: readonly (string | null | undefined)[]): string[] {
  return texts.filter((t): t is string => typeof t === 'string' && t.trim() !== '').map((t) => t.trim());
}

function rendererIn(texts: readonly string[]): { renderer: SoftwareRenderer; text: string } | null {
  for (const renderer of SOFTWARE_RENDERERS) {
    const text = texts.find((t) => renderer.pattern.test(t));
    if (text !== undefined) return { renderer, text };
  }
  return null;
}

/** Whether this GPU is a software one (the CPU), and the evidence; null for a hardware GPU or when nothing says so. */
export function softwareGpuOf(identity: GpuIdentity): SoftwareGpu | null {
  if (identity.api === 'webgl') {
    const found = rendererIn(present([identity.renderer, identity.vendor]));
    return found ? { renderer: found.renderer.name, evidence: found.text, fallbackAdapter: false } : null;
  }
  const texts = present([identity.vendor, identity.architecture, identity.device, identity.description]);
  const found = rendererIn(texts);
  const fallbackAdapter = identity.isFallbackAdapter === true;
  if (!found && !fallbackAdapter) return null;
  return { renderer: found?.renderer.name ?? null, evidence: texts.join(' / '), fallbackAdapter };
}

/** Renderer names a browser reports in place of the GPU's own (WebKit says "Apple GPU" whatever draws). */
const MASKED_RENDERERS: readonly RegExp[] = [/^Apple GPU$/i, /^WebKit WebGL$/i, /^Mozilla$/i, /^Generic Renderer$/i];

/**
 * The name a browser gave instead of its GPU's, when it hides which GPU draws (no WEBGL_debug_renderer_info, or
 * a placeholder like WebKit's "Apple GPU"): then the app cannot tell a software GPU from a hardware one, and says so.
 */
export function maskedRendererOf(identity: { renderer?: string | null; vendor?: string | null }, reported: string): string | null {
  const renderer = identity.renderer?.trim();
  if (!renderer) return reported || 'unknown';
  return MASKED_RENDERERS.some((pattern) => pattern.test(renderer)) ? renderer : null;
}
