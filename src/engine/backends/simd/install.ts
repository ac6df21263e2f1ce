/**
 * Installs the app's WebAssembly kernels on the wasm backend: compiled binaries, the kernel overrides,
 * the fused Adam kernel and the one-pass ReLU gradient. Under Node the binaries are read synchronously;
 * a browser compiles them first (wasm runtime's load) and passes them in.
 */
import { compileKernelsInNode } from './binaries';
import { registerFusedAdam } from './fusedAdam';
import { registerSimdKernels } from './register';
import { registerReluGradient } from './reluGradient';
import { kernelModules, setKernelModules, type KernelModules } from './runtime';

const IN_NODE = typeof process !== 'undefined' && typeof process.versions?.node === 'string';

export function installSimdKernels(compiled?: KernelModules | null): void {
  if (compiled) setKernelModules(compiled);
  else if (IN_NODE && !kernelModules()) {
    const modules = compileKernelsInNode();
    if (modules) setKernelModules(modules);
  }
  registerSimdKernels();
  registerFusedAdam();
  registerReluGradient();
}
