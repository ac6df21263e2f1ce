/**
 * How closely float32 training follows the exact (float64) one: `npm run parity:float64 -- --model large`.
 *
 * Trains a model of the model table for --steps steps at --batch on TensorFlow.js's cpu backend and on the app's
 * WebGPU engine (Node, Dawn on SwiftShader here, or on a real GPU where Dawn finds one), from the same weights and
 * batches, then the same steps in PyTorch in float64 (the reference) and in float32 (a third float32 run), with
 * TensorFlow.js's Adam. Prints each run's largest loss gap to the float64 run and to the cpu backend's, and the
 * step where it first passes 1e-4. PyTorch: Debian's python3-torch or any python with torch (--python).
 *
 *   --model tiny|classic|large|mlp (default large)  --steps 100  --batch 4  --lr 0.001  --seed 42
 *   --gpu: the system's Vulkan driver (a real GPU); without it SwiftShader, as the unit tests use, where Chromium has it.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as tf from '@tensorflow/tfjs';
import { parseCnnConfig } from '../../src/config/cnnConfig';
import { loadDataset } from '../../src/data/loadDataset';
import { createFileReader } from '../../src/data/nodeReader';
import { dawnDevice } from '../../src/engine/gpu/testing/dawn';
import { useSwiftShaderUnlessChosen } from '../../src/engine/gpu/testing/vulkanDriver';
import { CnnWorkload } from '../../src/engine/workloads/cnnWorkload';
import { findTorchPython, INSTALL_TORCH } from '../ceilingBench';

const { values: args } = parseArgs({
  options: {
    model: { type: 'string', default: 'large' },
    steps: { type: 'string', default: '100' },
    batch: { type: 'string', default: '4' },
    lr: { type: 'string', default: '0.001' },
    seed: { type: 'string', default: '42' },
    python: { type: 'string' },
    gpu: { type: 'boolean', default: false },
  },
});

/** One layer as the PyTorch script rebuilds it: the layer kinds the model table uses, valid padding, unit strides for convolutions. */
interface LayerSpec {
  kind: 'conv2d' | 'maxPooling2d' | 'flatten' | 'dense';
  activation: string | null;
  poolSize?: number;
  weights: string[];
}

/** TensorFlow.js's layer class names, by the kind the PyTorch script knows them as. */
const KINDS: Record<string, LayerSpec['kind']> = { Conv2D: 'conv2d', MaxPooling2D: 'maxPooling2d', Flatten: 'flatten', Dense: 'dense' };

function layerSpecs(model: tf.LayersModel): LayerSpec[] {
  return model.layers.map((layer) => {
    const kind = layer.getClassName();
    const config = layer.getConfig() as { activation?: string; padding?: string; strides?: number[]; poolSize?: number[] };
    if (!(kind in KINDS)) throw new Error(`${layer.name}: no float64 twin for ${kind}`);
    if (config.padding !== undefined && config.padding !== 'valid') throw new Error(`${layer.name}: only valid padding has a float64 twin`);
    const spec: LayerSpec = { kind: KINDS[kind], activation: config.activation ?? null, weights: layer.weights.map((w) => w.name) };
    if (kind === 'Conv2D' && config.strides?.some((s) => s !== 1)) throw new Error(`${layer.name}: only unit strides have a float64 twin`);
    if (kind === 'MaxPooling2D') spec.poolSize = config.poolSize?.[0] ?? 2;
    return spec;
  });
}

if (!args.gpu) useSwiftShaderUnlessChosen();
await tf.setBackend('cpu');
const steps = Number(args.steps);
const settings = { backend: 'cpu', model: args.model, batchSize: args.batch, learningRate: args.lr, epochs: '1', trainExamples: String(Math.max(2048, steps * Number(args.batch))), testExamples: '100', seed: args.seed };
const { config, errors } = parseCnnConfig(settings);
if (errors.length) throw new Error(`parity:float64: settings refused: ${errors.map((e) => e.key).join(', ')}`);
const python = findTorchPython(args.python);
if (!python) {
  console.error(`parity:float64: no python here imports torch. ${INSTALL_TORCH}`);
  process.exit(2);
}
const mnist = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: config.trainExamples, test: config.testExamples });

// The batches and first weights every run starts from, as the cpu backend's workload draws them.
const probe = CnnWorkload.create(config, mnist, 'cpu', {});
const initial = await probe.captureState();
const xs: number[] = [];
const ys: number[] = [];
let shape: number[] = [];
for (let i = 0; i < steps; i++) {
  const batch = probe.nextBatch();
  xs.push(...batch.xs.dataSync());
  ys.push(...batch.ys.dataSync());
  shape = batch.xs.shape;
  tf.dispose([batch.xs, batch.ys]);
}
const weights = initial.weights.map((w) => ({ name: w.name, shape: probe.model.weights.find((v) => v.name === w.name)?.shape, values: Array.from(w.values) }));
const layers = layerSpecs(probe.model);
probe.dispose();

console.error(`parity:float64: ${args.model}, batch ${args.batch}, ${steps} steps on the app's engine…`);
const device = await dawnDevice();
const engineRun = CnnWorkload.create(config, mnist, 'cpu', {}, { engine: { device } });
const engine: number[] = [];
for (let i = 0; i < steps; i++) engine.push((await engineRun.runSteps!(1)).loss);
engineRun.dispose();
console.error(`parity:float64: …on the cpu backend (plain JavaScript: seconds a step for the larger CNNs)…`);
const cpuRun = CnnWorkload.create(config, mnist, 'cpu', {});
const cpu: number[] = [];
for (let i = 0; i < steps; i++) {
  const step = cpuRun.step();
  cpu.push(step.loss.dataSync()[0]);
  tf.dispose(Object.values(step));
}
cpuRun.dispose();

const dir = mkdtempSync(path.join(tmpdir(), 'float64-'));
try {
  const file = path.join(dir, 'runs.json');
  writeFileSync(file, JSON.stringify({ model: args.model, xs, ys, shape, weights, layers, cpu, engine, lr: Number(args.lr), adapter: device.adapterInfo?.description ?? '' }));
  console.error('parity:float64: …and in PyTorch, float64 and float32.');
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'float64_runs.py');
  const result = spawnSync(python, [script, file], { stdio: 'inherit' });
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(dir, { recursive: true, force: true });
}
process.exit();
