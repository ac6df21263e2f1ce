import * as tf from '@tensorflow/tfjs';
import type { MathBackendWebGL } from '@tensorflow/tfjs-backend-webgl';
import type { Precision } from '../../config/cnnConfig';
import { maskedRendererOf, softwareGpuOf } from '../../config/softwareGpu';
import { msg } from '../../i18n/message';
import type { BackendRuntime } from './runtime';

const WEBGL_TIMER_FLAG = 'WEBGL_DISJOINT_QUERY_TIMER_EXTENSION_RELIABLE';
/** WEBGL_debug_renderer_info's enums, spelled out: the extension object may be absent. */
const UNMASKED_VENDOR_WEBGL = 0x9245;
const UNMASKED_RENDERER_WEBGL = 0x9246;
/** tfjs-backend-webgl sends tensors of up to this many values as uniforms when it renders float32 (flags_webgl.ts). */
const FLOAT32_UPLOAD_UNIFORM_SIZE = 4;

/** The precision the flags are set for now; instances made from now on store tensors in it. */
let flagsPrecision: Precision = 'float32';

function contextOf(instance: tf.KernelBackend): WebGL2RenderingContext | WebGLRenderingContext | null {
  return (instance as Partial<MathBackendWebGL>).gpgpu?.gl ?? null;
}

/**
 * 16-bit: every texture a kernel renders is half-float. tfjs also stops sending small tensors as
 * uniforms then (a 32-bit uniform compared with a 16-bit texel misbehaves), as its own flag would.
 */
function setFlags(precision: Precision): void {
  const env = tf.env();
  const f16 = precision === 'float16';
  const float32 = !f16 && env.getBool('WEBGL_RENDER_FLOAT32_CAPABLE');
  env.set('WEBGL_FORCE_F16_TEXTURES', f16);
  env.set('WEBGL_RENDER_FLOAT32_ENABLED', float32);
  env.set('WEBGL_SIZE_UPLOAD_UNIFORM', float32 ? FLOAT32_UPLOAD_UNIFORM_SIZE : 0);
}

/** The GPU's names behind a context, where the browser tells them (WEBGL_debug_renderer_info). */
function unmaskedNames(gl: WebGL2RenderingContext): { renderer: string | null; vendor: string | null } {
  if (!gl.getExtension('WEBGL_debug_renderer_info')) return { renderer: null, vendor: null };
  const text = (pname: number) => {
    const value: unknown = gl.getParameter(pname);
    return typeof value === 'string' ? value : null;
  };
  return { renderer: text(UNMASKED_RENDERER_WEBGL), vendor: text(UNMASKED_VENDOR_WEBGL) };
}

/** WebGL 2 through an OffscreenCanvas in the worker; its package ships with @tensorflow/tfjs. */
export const webglRuntime: BackendRuntime = {
  async probe() {
    if (typeof OffscreenCanvas === 'undefined') {
      return { available: false, reason: msg('engine.backend.webgl.noOffscreenCanvas') };
    }
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) {
      return { available: false, reason: msg('engine.backend.webgl.refused') };
    }
    const version = String(gl.getParameter(gl.VERSION));
    const names = unmaskedNames(gl);
    const software = softwareGpuOf({ api: 'webgl', ...names });
    const masked = software ? null : maskedRendererOf(names, String(gl.getParameter(gl.RENDERER)));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    const reason = masked ? msg('engine.backend.webgl.readyMasked', { version, renderer: masked }) : msg('engine.backend.webgl.ready', { version });
    return software ? { available: true, reason, softwareGpu: software } : { available: true, reason };
  },
  async load() {
    await import('@tensorflow/tfjs-backend-webgl');
  },
  kernelTiming(mode) {
    if (tf.env().getNumber(WEBGL_TIMER_FLAG) > 0) return { source: 'gpu-timer', note: msg('engine.timing.webglTimer') };
    if (mode === 'profile') return { source: 'wall-with-sync', note: msg('engine.timing.webglWallClock') };
    return { source: 'unavailable', note: msg('engine.timing.webglNone') };
  },
  deviceLost(instance) {
    return contextOf(instance)?.isContextLost() ? msg('engine.lost.webgl') : null;
  },
  loseDevice(instance) {
    const extension = contextOf(instance)?.getExtension('WEBGL_lose_context');
    if (!extension) throw new Error('This WebGL context offers no WEBGL_lose_context extension to lose it with.');
    extension.loseContext();
  },
  applyPrecision(precision) {
    if (precision === flagsPrecision) return false;
    setFlags(precision);
    flagsPrecision = precision;
    return true;
  },
};
