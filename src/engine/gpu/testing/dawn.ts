/**
 * A real WebGPU device in Node for the engine's tests: Dawn's Node bindings (npm `webgpu`), on the
 * Vulkan driver vitest.config.ts points them at (SwiftShader from Debian's Chromium where no other is
 * set), so every kernel runs on the same WGSL compiler path a browser uses. Tests only.
 */
import { create, globals } from 'webgpu';

let device: Promise<GPUDevice> | null = null;
/** Dawn's instance and adapter, held for the process's life: Dawn's Node bindings crash when the instance is collected while its device works. */
const held: unknown[] = [];

/** A device of its own, on a new adapter (the shared one stays), for a test that loses or breaks it. */
export function freshDawnDevice(): Promise<GPUDevice> {
  // GPUBufferUsage, GPUMapMode and the GPU classes, as a browser has them on globalThis.
  Object.assign(globalThis, globals);
  return requestDevice();
}

async function requestDevice(): Promise<GPUDevice> {
  // Dawn zero-fills workgroup memory before a kernel runs, which SwiftShader compiles value by value (a tiled product's
  // 8 KB took a second a pipeline); the engine's kernels write every value they read, so the tests skip the fill.
  const gpu = create(['enable-dawn-features=disable_workgroup_init']);
  const adapter = await gpu.requestAdapter();
  held.push(gpu, adapter);
  if (!adapter) {
    throw new Error(
      "No WebGPU adapter in Node: Dawn's Node bindings need a Vulkan driver. `npm run browser` installs Chromium, whose SwiftShader driver vitest.config.ts uses; or set VK_ICD_FILENAMES to one.",
    );
  }
  const { maxStorageBuffersPerShaderStage, maxComputeWorkgroupStorageSize, maxBufferSize, maxStorageBufferBindingSize } = adapter.limits;
  // Subgroups and timestamps where the adapter has them, as the app asks of a browser's (src/engine/backends/webgpu.ts).
  const requiredFeatures = (['subgroups', 'timestamp-query'] as const).filter((f) => adapter.features.has(f));
  return adapter.requestDevice({ requiredFeatures, requiredLimits: { maxStorageBuffersPerShaderStage, maxComputeWorkgroupStorageSize, maxBufferSize, maxStorageBufferBindingSize } });
}

/** One device per test process, opened on first use. */
export function dawnDevice(): Promise<GPUDevice> {
  device ??= freshDawnDevice();
  return device;
}

/** Reads a buffer back as floats (or u32s). */
export async function readBack(gpu: GPUDevice, buffer: GPUBuffer, count: number, type: 'f32' | 'u32' = 'f32'): Promise<Float32Array | Uint32Array> {
  const staging = gpu.createBuffer({ size: Math.max(4, count * 4), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  const encoder = gpu.createCommandEncoder();
  encoder.copyBufferToBuffer(buffer, 0, staging, 0, count * 4);
  gpu.queue.submit([encoder.finish()]);
  await staging.mapAsync(GPUMapMode.READ);
  const bytes = staging.getMappedRange().slice(0);
  staging.destroy();
  return type === 'f32' ? new Float32Array(bytes) : new Uint32Array(bytes);
}
