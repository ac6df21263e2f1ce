/**
 * Writes the sample run's TensorBoard events file and the EXPECTED.json that check_events.py compares it with:
 *
 *   npx tsx scripts/tensorboard/writeSample.ts OUTDIR
 *   python3 scripts/tensorboard/check_events.py OUTDIR/events.out.tfevents.* OUTDIR/expected.json
 *
 * EXPECTED.json holds what the app meant to write (doubles; NaN and ±Infinity as strings, which JSON lacks), so the
 * check compares TensorBoard's float32 reading within float32 precision.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { tensorboardFileName, tensorboardLog } from '../../src/share/tensorboard/runLog';
import { expectedOf } from './expected';
import { sampleRun } from './sampleRun';

const outDir = process.argv[2];
if (!outDir) {
  console.error('usage: npx tsx scripts/tensorboard/writeSample.ts OUTDIR');
  process.exit(2);
}
const run = sampleRun();
const fileName = tensorboardFileName(run.startedAt);
mkdirSync(outDir, { recursive: true });
writeFileSync(path.join(outDir, fileName), tensorboardLog(run));
writeFileSync(path.join(outDir, 'expected.json'), `${JSON.stringify(expectedOf(run, fileName), null, 2)}\n`);
console.log(path.join(outDir, fileName));
