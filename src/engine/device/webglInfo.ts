import { detailOf, msg } from '../../i18n/message';
import { HIDDEN, notAvailable, stringOrHidden, WEBGL_FLOAT_EXTENSIONS, type Reported, type WebGlAvailable, type WebGlContextKind, type WebGlExtensionName, type WebGlSection } from '../protocol/deviceReport';


/** These two exist only on a WebGL 2 context. */
const WEBGL2_ONLY_EXTENSIONS: ReadonlySet<WebGlExtensionName> = new Set(['EXT_color_buffer_float', 'EXT_disjoint_timer_query_webgl2']);

/** WebGL enums, spelled out so a fake context in a test needs no constants. */
const GL_VERSION = 0x1f02;
const GL_SHADING_LANGUAGE_VERSION = 0x8b8c;
const GL_MAX_TEXTURE_SIZE = 0x0d33;
const UNMASKED_VENDOR_WEBGL = 0x9245;
const UNMASKED_RENDERER_WEBGL = 0x9246;


/** The slice of a WebGL context the report reads; real contexts satisfy it. */
export interface GlLike {
  getParameter(pname: number): unknown;
  getExtension(name: string): unknown;
  getSupportedExtensions(): string[] | null;
}

export type OpenGlContext = (kind: WebGlContextKind) => GlLike | null;

/** Opens a throwaway 1x1 OffscreenCanvas context, reads it and loses it; never throws. */
export function collectWebGlSection(): WebGlSection {
  if (typeof OffscreenCanvas === 'undefined') {
    return notAvailable(msg('engine.device.noOffscreenCanvas'));
  }
  return describeWebGl((kind) => new OffscreenCanvas(1, 1).getContext(kind) as GlLike | null);
}

export function describeWebGl(open: OpenGlContext): WebGlSection {
  let opened: { gl: GlLike; kind: WebGlContextKind } | null;
  try {
    opened = openFirst(open);
  } catch (err) {
    return notAvailable(msg('engine.device.webglFailed', { detail: detailOf(err) }));
  }
  if (!opened) return notAvailable(msg('engine.device.webglRefused'));
  const { gl, kind } = opened;
  try {
    return readContext(gl, kind);
  } finally {
    loseContext(gl);
  }
}

function openFirst(open: OpenGlContext): { gl: GlLike; kind: WebGlContextKind } | null {
  for (const kind of ['webgl2', 'webgl'] as const) {
    const gl = open(kind);
    if (gl) return { gl, kind };
  }
  return null;
}

function readContext(gl: GlLike, kind: WebGlContextKind): WebGlAvailable {
  const debugInfo = gl.getExtension('WEBGL_debug_renderer_info');
  const unmasked = (pname: number): Reported<string> => (debugInfo ? stringOrHidden(asString(gl.getParameter(pname))) : HIDDEN);
  const maxTextureSize = gl.getParameter(GL_MAX_TEXTURE_SIZE);
  return {
    status: 'available',
    context: kind,
    version: stringOrHidden(asString(gl.getParameter(GL_VERSION))),
    shadingLanguageVersion: stringOrHidden(asString(gl.getParameter(GL_SHADING_LANGUAGE_VERSION))),
    unmaskedVendor: unmasked(UNMASKED_VENDOR_WEBGL),
    unmaskedRenderer: unmasked(UNMASKED_RENDERER_WEBGL),
    maxTextureSize: typeof maxTextureSize === 'number' ? maxTextureSize : notAvailable(msg('engine.device.noMaxTexture')),
    extensions: extensionPresence(gl, kind),
  };
}

function extensionPresence(gl: GlLike, kind: WebGlContextKind): Record<WebGlExtensionName, Reported<boolean>> {
  const supported = gl.getSupportedExtensions();
  const out = {} as Record<WebGlExtensionName, Reported<boolean>>;
  for (const name of WEBGL_FLOAT_EXTENSIONS) {
    if (kind === 'webgl' && WEBGL2_ONLY_EXTENSIONS.has(name)) out[name] = notAvailable(msg('engine.device.webgl2Only'));
    else if (!supported) out[name] = notAvailable(msg('engine.device.lostBeforeExtensions'));
    else out[name] = supported.includes(name);
  }
  return out;
}

function loseContext(gl: GlLike): void {
  const ext = gl.getExtension('WEBGL_lose_context') as { loseContext(): void } | null;
  ext?.loseContext();
}

function asString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
