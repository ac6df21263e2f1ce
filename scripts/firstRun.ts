/**
 * First-run candidates: trains each candidate default through the app's own workload in Node (cpu
 * and wasm, the backends of a laptop without a GPU) and prints the time to the first loss, the time
 * to the finished run and its test accuracy, side by side in one run. The Train view's defaults and
 * its quick preset were chosen from this table (issue 15: a falling loss within 10 s, at least 90%
 * test accuracy within about a minute).
 *
 *   npx tsx scripts/firstRun.ts
 *   npx tsx scripts/firstRun.ts --backends wasm --only quick
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { parseArgs } from 'node:util';
import { defaultCnnConfig, type CnnRunConfig } from '../src/config/cnnConfig';
import { CNN_PRESETS } from '../src/config/cnnPresets';
import type { BackendName } from '../src/config/backends';
import { loadDataset } from '../src/data/loadDataset';
import { createFileReader } from '../src/data/nodeReader';
import { registerWasmTrainingKernels } from '../src/engine/backends/wasmKernels';
import { CnnWorkload } from '../src/engine/workloads/cnnWorkload';

interface Candidate {
  name: string;
  settings: Partial<CnnRunConfig>;
}

const CANDIDATES: Candidate[] = [
  ...CNN_PRESETS.map((preset) => ({ name: `preset ${preset.id}`, settings: preset.settings })),
  { name: 'tiny, 12k examples', settings: { model: 'tiny', trainExamples: 12_000, epochs: 1, batchSize: 32, testExamples: 2_000 } },
  { name: 'classic, 6k examples', settings: { model: 'classic', trainExamples: 6_000, epochs: 1, batchSize: 32, testExamples: 2_000 } },
  { name: 'classic, 12k examples', settings: { model: 'classic', trainExamples: 12_000, epochs: 1, batchSize: 32, testExamples: 2_000 } },
  { name: 'tiny, 30k examples', settings: { model: 'tiny', trainExamples: 30_000, epochs: 1, batchSize: 32, testExamples: 2_000 } },
  { name: 'mlp, 12k examples', settings: { model: 'mlp', trainExamples: 12_000, epochs: 1, batchSize: 32, testExamples: 2_000 } },
];

const { values } = parseArgs({ options: { backends: { type: 'string', default: 'wasm,cpu' }, only: { type: 'string' }, 'skip-full': { type: 'boolean', default: true } } });
const backends = values.backends.split(',') as BackendName[];
const candidates = CANDIDATES.filter((c) => (!values.only || c.name.includes(values.only)) && !(values['skip-full'] && c.name === 'preset full'));

async function measure(backend: BackendName, candidate: Candidate): Promise<string> {
  await tf.setBackend(backend);
  const config: CnnRunConfig = { ...defaultCnnConfig(), ...candidate.settings, backend };
  const data = await loadDataset(config.dataset, createFileReader('public/data'), undefined, { train: config.trainExamples, test: config.testExamples });
  const start = performance.now();
  const workload = CnnWorkload.create(config, data, backend, {});
  let firstLossMs = 0;
  let firstLoss = 0;
  let lastLoss = 0;
  try {
    const steps = workload.info.totalSteps;
    for (let step = 1; step <= steps; step++) {
      const scalars = workload.step();
      if (step === 1 || step === steps) {
        const loss = (await scalars.loss.data())[0];
        if (step === 1) [firstLossMs, firstLoss] = [performance.now() - start, loss];
        lastLoss = loss;
      }
      tf.dispose(Object.values(scalars));
    }
    const evaluation = await workload.evaluate(steps, config.epochs);
    const totalMs = performance.now() - start;
    const s = (ms: number) => (ms / 1000).toFixed(1);
    return `| ${candidate.name} | ${backend} | ${config.model} | ${config.trainExamples} × ${config.epochs} | ${config.batchSize} | ${s(firstLossMs)} | ${s(totalMs)} | ${firstLoss.toFixed(3)} → ${lastLoss.toFixed(3)} | ${(evaluation.testAccuracy * 100).toFixed(1)}% |`;
  } finally {
    workload.dispose();
  }
}

registerWasmTrainingKernels();
console.log('| candidate | backend | model | examples × epochs | batch | first loss s | finished s | loss first → last | test accuracy |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (const backend of backends) for (const candidate of candidates) console.log(await measure(backend, candidate));
