import { existsSync } from 'node:fs';

/** Debian's Chromium, used when present; otherwise Playwright's own browser (a normal Playwright install). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** Flags that give WebGL 2 and WebGPU on a machine without a GPU (SwiftShader), and keep Chromium off the network. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--enable-unsafe-webgpu',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  '--enable-features=Vulkan',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  return existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined;
}
