import { existsSync, statSync } from 'node:fs';
import { preferredBrowser } from './browser/findBrowser';

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

export const isFile = (path: string): boolean => existsSync(path) && statSync(path).isFile();

/** CHROMIUM_PATH, else Debian's headless shell, else Debian's Chromium, else undefined: Playwright's own browser (`npm test` makes sure one starts). */
export function chromiumExecutable(): string | undefined {
  return preferredBrowser({ chromiumPath: process.env.CHROMIUM_PATH || undefined, isFile }).executablePath;
}
