import type { BackendRuntime } from './runtime';

/** WebGL 2 through an OffscreenCanvas in the worker; its package ships with @tensorflow/tfjs. */
export const webglRuntime: BackendRuntime = {
  async probe() {
    if (typeof OffscreenCanvas === 'undefined') {
      return { available: false, reason: 'WebGL needs OffscreenCanvas in a worker, which this browser lacks.' };
    }
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) {
      return { available: false, reason: 'WebGL 2 is not available: the browser refused a WebGL 2 context (GPU blocklisted, hardware acceleration off, or no driver).' };
    }
    const version = String(gl.getParameter(gl.VERSION));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return { available: true, reason: version };
  },
  async load() {
    await import('@tensorflow/tfjs-backend-webgl');
  },
};
