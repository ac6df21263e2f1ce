/**
 * The Vulkan driver Dawn's Node bindings use for the engine's tests and scripts, read from the environment when the
 * first device opens: SwiftShader from Debian's Chromium (with the browser `npm test` provides), unless one was
 * chosen; no implicit layers (Mesa's device_select prints to stderr and adds nothing to a software driver).
 */
import { existsSync } from 'node:fs';

const SWIFTSHADER_ICD = '/usr/lib/chromium/vk_swiftshader_icd.json';

export function useSwiftShaderUnlessChosen(): void {
  if (!process.env.VK_ICD_FILENAMES && !process.env.VK_DRIVER_FILES && existsSync(SWIFTSHADER_ICD)) {
    Object.assign(process.env, { VK_ICD_FILENAMES: SWIFTSHADER_ICD, VK_LOADER_LAYERS_DISABLE: '~implicit~' });
  }
}
