/**
 * Soak: trains each CNN through the app's own workload (accumulation and the input pipeline
 * included) for many steps in Node, and prints how many tensors and bytes each 100 steps added.
 * Every row must show 0; the exit code is 1 otherwise. Node runs cpu and wasm; WebGL and WebGPU
 * are checked by the e2e tests' flat tensor counts.
 *
 *   npx tsx scripts/soak.ts                       (1,000 steps per row, wasm for every model, cpu for tiny and mlp)
 *   npx tsx scripts/soak.ts --steps 300 --batch 16
 *   npx tsx scripts/soak.ts --backends cpu          (only the cpu rows)
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { parseArgs } from 'node:util';
import { defaultCnnConfig, type CnnRunConfig } from '../src/config/cnnConfig';
import type { BackendName } from '../src/config/backends';
import type { CnnModelId } from '../src/config/models';
import { loadDataset } from '../src/data/loadDataset';
import { createFileReader } from '../src/data/nodeReader';
import { registerWasmTrainingKernels } from '../src/engine/backends/wasmKernels';
import { CnnWorkload } from '../src/engine/workloads/cnnWorkload';

const SAMPLE_EVERY = 100;
const TRAIN_EXAMPLES = 4096;
const TEST_EXAMPLES = 100;

interface Row {
  backend: BackendName;
  model: CnnModelId;
  label: string;
  settings: Partial<CnnRunConfig>;
}

const { values } = parseArgs({ options: { steps: { type: 'string', default: '1000' }, batch: { type: 'string', default: '16' }, backends: { type: 'string', default: 'wasm,cpu' } } });
const onlyBackends = values.backends.split(',');
const steps = Number(values.steps);
const batchSize = Number(values.batch);

const ROWS: Row[] = [
  ...(['tiny', 'classic', 'large', 'mlp'] as const).map((model): Row => ({ backend: 'wasm', model, label: 'device data, prefetch', settings: {} })),
  { backend: 'wasm', model: 'classic', label: 'k = 4, upload per batch, no prefetch', settings: { accumulationSteps: 4, dataPlacement: 'host', prefetch: 'off' } },
  { backend: 'cpu', model: 'tiny', label: 'device data, prefetch', settings: {} },
  { backend: 'cpu', model: 'mlp', label: 'device data, prefetch', settings: {} },
  { backend: 'cpu', model: 'tiny', label: 'k = 4, upload per batch, no prefetch', settings: { accumulationSteps: 4, dataPlacement: 'host', prefetch: 'off' } },
];

async function soak(row: Row, data: Awaited<ReturnType<typeof loadDataset>>): Promise<string> {
  await tf.setBackend(row.backend);
  const config: CnnRunConfig = { ...defaultCnnConfig(), backend: row.backend, model: row.model, batchSize, epochs: 1000, trainExamples: TRAIN_EXAMPLES, testExamples: TEST_EXAMPLES, ...row.settings };
  const workload = CnnWorkload.create(config, data, row.backend, {});
  const samples: { tensors: number; bytes: number }[] = [];
  const start = performance.now();
  try {
    for (let step = 1; step <= steps; step++) {
      const scalars = workload.step();
      if (step % SAMPLE_EVERY === 0) await scalars.loss.data();
      tf.dispose(Object.values(scalars));
      if (step % SAMPLE_EVERY === 0) samples.push({ tensors: tf.memory().numTensors, bytes: tf.memory().numBytes });
    }
  } finally {
    workload.dispose();
  }
  const growth = samples.slice(1).map((s, i) => ({ tensors: s.tensors - samples[i].tensors, bytes: s.bytes - samples[i].bytes }));
  const worst = (key: 'tensors' | 'bytes') => growth.reduce((max, g) => (Math.abs(g[key]) > Math.abs(max) ? g[key] : max), 0);
  const msPerStep = (performance.now() - start) / steps;
  const ok = growth.every((g) => g.tensors === 0 && g.bytes === 0);
  return `| ${row.backend} | ${row.model} | ${row.label} | ${batchSize} | ${steps} | ${samples[0]?.tensors ?? '–'} | ${worst('tensors')} | ${worst('bytes')} | ${msPerStep.toFixed(1)} | ${ok ? 'flat' : 'GROWS'} |`;
}

registerWasmTrainingKernels();
const data = await loadDataset('mnist', createFileReader('public/data'), undefined, { train: TRAIN_EXAMPLES, test: TEST_EXAMPLES });
console.log('| backend | model | pipeline | batch | steps | tensors at step 100 | largest tensor change per 100 steps | largest byte change per 100 steps | ms/step | verdict |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
let failed = false;
for (const row of ROWS.filter((r) => onlyBackends.includes(r.backend))) {
  const line = await soak(row, data);
  failed ||= line.endsWith('GROWS |');
  console.log(line);
}
process.exitCode = failed ? 1 : 0;
