/**
 * The engine's unit tests run WebGPU in Node (Dawn's bindings) on SwiftShader's Vulkan driver, which Debian's
 * Chromium packages ship; the Vulkan loader that finds it (libvulkan.so.1) is Debian's libvulkan1, which a
 * bare machine lacks (Chromium's own copy crashed Dawn now and then). `npm run browser` provides it as it
 * provides the browser: apt as root on a Debian-like system, else the one command to run. Linux only
 * (elsewhere Dawn uses the platform's own API).
 */

/** Where a Linux distribution puts the loader. */
export const LOADER_PATHS = ['/usr/lib/x86_64-linux-gnu/libvulkan.so.1', '/lib/x86_64-linux-gnu/libvulkan.so.1', '/usr/lib/aarch64-linux-gnu/libvulkan.so.1', '/usr/lib64/libvulkan.so.1', '/usr/lib/libvulkan.so.1'];
export const LOADER_INSTALL = ['apt-get', 'install', '-y', '-qq', 'libvulkan1'];

export interface LoaderMachine {
  platform: string;
  isFile(path: string): boolean;
  isRoot: boolean;
  aptFamily: boolean;
}

export type LoaderPlan = { action: 'none' } | { action: 'install'; command: string[] } | { action: 'tell'; command: string };

export function vulkanLoaderPlan(machine: LoaderMachine): LoaderPlan {
  if (machine.platform !== 'linux' || LOADER_PATHS.some((path) => machine.isFile(path))) return { action: 'none' };
  if (machine.isRoot && machine.aptFamily) return { action: 'install', command: LOADER_INSTALL };
  return { action: 'tell', command: machine.aptFamily ? 'sudo apt-get install -y libvulkan1' : "your distribution's Vulkan loader package (libvulkan.so.1: vulkan-loader, libvulkan1)" };
}
