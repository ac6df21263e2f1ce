/**
 * What the page itself can tell that the device worker cannot: whether this browser gives the page a WebGL 2
 * context. The worker's probe only sees its own side: where WebGL 2 is refused there but works in the page
 * (WebKit without its AllowWebGLInWorkers feature), the card says so instead of "no WebGL".
 */
import { msg } from '../i18n/message';
import type { BackendAvailability } from './backends';

export interface PageFacts {
  webgl2InPage: boolean;
}

/** The worker's answer, its WebGL reason made exact with what the page knows. */
export function withPageFacts(backends: BackendAvailability[], facts: PageFacts | null): BackendAvailability[] {
  if (!facts?.webgl2InPage) return backends;
  return backends.map((b) => (b.name === 'webgl' && !b.available && b.reason.id === 'engine.backend.webgl.refused' ? { ...b, reason: msg('engine.backend.webgl.pageOnly') } : b));
}
