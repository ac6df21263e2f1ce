/**
 * The filter gradient of 3 x 3 layers, the app's direct WebAssembly kernel against Winograd's F(3x3, 2x2)
 * (src/engine/backends/simd/winograd.ts), in Node on one thread, in interleaved rounds. Times are CPU time
 * of this process (process.cpuUsage), so other work on a shared machine disturbs them less than the clock.
 *
 *   npx tsx scripts/winogradBench.ts                                 (the large and classic CNNs' conv2, batch 32 and 64)
 *   npx tsx scripts/winogradBench.ts --layers 32x13x64x128,32x11x48x96 --rounds 8
 *
 * A layer is batch x side x input channels x output channels (valid padding, stride 1).
 */
import * as tf from '@tensorflow/tfjs';
import '@tensorflow/tfjs-backend-wasm';
import { parseArgs } from 'node:util';
import { median } from '../src/metrics/stats';
import { setWinogradEnabled } from '../src/engine/backends/simd/winograd';
import { registerWasmTrainingKernels } from '../src/engine/backends/wasmKernels';
import { machineLine, thisMachine } from './ceiling/machine';

const { values } = parseArgs({ options: { layers: { type: 'string', default: '32x13x64x128,64x13x64x128,32x13x32x64,64x13x32x64' }, rounds: { type: 'string', default: '6' }, calls: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
const calls = Number(values.calls);

/** Median CPU ms of one call of `op`, over `rounds` rounds of `calls` calls, with and without Winograd, interleaved. */
function timeBoth(op: () => tf.Tensor): { direct: number; winograd: number } {
  const times = { direct: [] as number[], winograd: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    for (const path of ['direct', 'winograd'] as const) {
      setWinogradEnabled(path === 'winograd');
      op().dispose();
      const start = process.cpuUsage();
      for (let i = 0; i < calls; i++) {
        const result = op();
        result.dataSync();
        result.dispose();
      }
      const used = process.cpuUsage(start);
      times[path].push((used.user + used.system) / 1000 / calls);
    }
  }
  setWinogradEnabled(true);
  return { direct: median(times.direct), winograd: median(times.winograd) };
}

async function main(): Promise<void> {
  registerWasmTrainingKernels();
  await tf.setBackend('wasm');
  const lines = ['| layer (batch x side x in x out) | direct ms | direct GMAC/s | Winograd ms | speed-up |', '|---|---:|---:|---:|---:|'];
  for (const layer of values.layers.split(',')) {
    const [n, side, c, o] = layer.split('x').map(Number);
    const out = side - 2;
    const [x, dy] = [tf.randomNormal([n, side, side, c]), tf.randomNormal([n, out, out, o])];
    const op = () => tf.engine().runKernel('Conv2DBackpropFilter', { x, dy }, { strides: 1, pad: 'valid', dataFormat: 'NHWC', filterShape: [3, 3, c, o] } as unknown as tf.NamedAttrMap) as tf.Tensor;
    const { direct, winograd } = timeBoth(op);
    const macs = n * out * out * 9 * c * o;
    lines.push(`| ${layer} | ${direct.toFixed(2)} | ${(macs / direct / 1e6).toFixed(1)} | ${winograd.toFixed(2)} | ${(direct / winograd).toFixed(2)}x |`);
    tf.dispose([x, dy]);
  }
  console.log(`${machineLine(thisMachine())}\n\nThe filter gradient in Node, one thread, CPU time per call: median of ${rounds} interleaved rounds of ${calls} calls.\n\n${lines.join('\n')}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
