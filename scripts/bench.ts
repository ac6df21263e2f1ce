/**
 * Headless benchmark: builds the app, serves it, and runs the app's own training worker in
 * Chromium on each backend, next to a bare tfjs trainOnBatch loop. Prints a Markdown table.
 *
 *   npm run bench -- --model classic --backends cpu,webgl,webgpu --warmup 3 --steps 10
 *   npm run bench -- --browser-arg=--use-angle=vulkan --json bench-results/run.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';
import { isBackendName, type BackendName } from '../src/config/backends';
import { parseCnnConfig } from '../src/config/runConfig';
import type { BenchRow } from '../src/engine/protocol';
import { markdownTable } from './benchTable';
import { CHROMIUM_ARGS, chromiumExecutable } from './chromium';

const { values: args } = parseArgs({
  options: {
    model: { type: 'string', default: 'classic' },
    backends: { type: 'string', default: 'cpu,webgl,webgpu' },
    batch: { type: 'string', default: '64' },
    warmup: { type: 'string', default: '3' },
    steps: { type: 'string', default: '10' },
    examples: { type: 'string', default: '6400' },
    'no-bare': { type: 'boolean', default: false },
    'no-build': { type: 'boolean', default: false },
    json: { type: 'string' },
    'browser-arg': { type: 'string', multiple: true, default: [] },
  },
});

function fail(message: string): never {
  console.error(`bench: ${message}`);
  process.exit(2);
}

const backends = args.backends.split(',').map((b) => b.trim());
const badBackend = backends.find((b) => !isBackendName(b));
if (badBackend) fail(`unknown backend "${badBackend}"`);
const warmupSteps = Number(args.warmup);
const measuredSteps = Number(args.steps);
if (!Number.isInteger(warmupSteps) || warmupSteps < 1) fail('--warmup must be a whole number >= 1');
if (!Number.isInteger(measuredSteps) || measuredSteps < 2) fail('--steps must be a whole number >= 2');

function configFor(backend: BackendName) {
  const { config, errors } = parseCnnConfig({
    backend,
    model: args.model,
    batchSize: args.batch,
    trainExamples: args.examples,
    testExamples: '100',
    epochs: '100',
  });
  if (errors.length) fail(errors.map((e) => e.message).join('; '));
  return config;
}

async function main(): Promise<void> {
  if (!args['no-build']) await build({ logLevel: 'warn' });
  const server = await preview({ preview: { port: 0, host: '127.0.0.1' }, logLevel: 'warn' });
  const url = server.resolvedUrls?.local[0];
  if (!url) fail('the preview server did not report its address');
  const browser = await chromium.launch({ executablePath: chromiumExecutable(), args: [...CHROMIUM_ARGS, ...args['browser-arg']] });
  const rows: BenchRow[] = [];
  const failures: string[] = [];
  try {
    for (const backend of backends as BackendName[]) {
      const page = await browser.newPage();
      page.setDefaultTimeout(0);
      await page.goto(`${url}bench.html`);
      await page.waitForFunction(() => typeof window.runBenchmark === 'function');
      console.error(`bench: ${backend}: ${warmupSteps} warm-up + ${measuredSteps} measured steps of ${args.model}, batch ${args.batch}…`);
      const command = { type: 'benchmark' as const, config: configFor(backend), warmupSteps, measuredSteps, includeBareLoop: !args['no-bare'] };
      try {
        rows.push(...(await page.evaluate((cmd) => window.runBenchmark(cmd), command)));
      } catch (err) {
        failures.push(`${backend}: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      }
      await page.close();
    }
  } finally {
    await browser.close();
    await new Promise<void>((resolve) => server.httpServer.close(() => resolve()));
  }
  console.log(`\nModel ${args.model}, batch ${args.batch}, ${warmupSteps} warm-up + ${measuredSteps} measured steps; app rows time sync windows, bare rows time each trainOnBatch.\n`);
  console.log(markdownTable(rows));
  for (const f of failures) console.log(`\nFAILED ${f}`);
  if (args.json) {
    mkdirSync(dirname(args.json), { recursive: true });
    writeFileSync(args.json, JSON.stringify({ args, rows, failures }, null, 2));
  }
  if (failures.length) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
