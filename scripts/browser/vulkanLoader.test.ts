import { describe, expect, it } from 'vitest';
import { LOADER_INSTALL, vulkanLoaderPlan } from './vulkanLoader';

const machine = (over: Partial<Parameters<typeof vulkanLoaderPlan>[0]> = {}) => ({ platform: 'linux', isFile: () => false, isRoot: true, aptFamily: true, ...over });

describe('the Vulkan loader the engine tests need', () => {
  it('is left alone where it is, and off Linux', () => {
    expect(vulkanLoaderPlan(machine({ isFile: (p) => p === '/usr/lib/x86_64-linux-gnu/libvulkan.so.1' }))).toEqual({ action: 'none' });
    expect(vulkanLoaderPlan(machine({ platform: 'darwin' }))).toEqual({ action: 'none' });
  });

  it('is installed by apt as root on a Debian-like system, else named in one command', () => {
    expect(vulkanLoaderPlan(machine())).toEqual({ action: 'install', command: LOADER_INSTALL });
    expect(vulkanLoaderPlan(machine({ isRoot: false }))).toEqual({ action: 'tell', command: 'sudo apt-get install -y libvulkan1' });
    expect(vulkanLoaderPlan(machine({ aptFamily: false })).action).toBe('tell');
  });
});
