import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from './fixtures';

const run = promisify(execFile);
/** One software GPU is enough to see the marks; WebGPU's compile on SwiftShader would add 15 s (software-gpu.spec races all four). */
const BACKENDS = ['cpu', 'webgl'];
/** This machine has no GPU: Chromium runs WebGL on SwiftShader, so the bench marks its row. */
const SOFTWARE_GPUS = ['webgl'];
/** What the device report finds, raced or not: both GPU APIs on SwiftShader. */
const SOFTWARE_APIS = ['webgl', 'webgpu'];
/** The headless race on the tiny CNN: a minute at most on two cores without a GPU. */
const BENCH_TIMEOUT_MS = 150_000;

test('the headless race prints a Markdown table and writes JSON with one row per backend', async ({ backend }) => {
  test.skip(backend !== 'cpu', 'the command runs its own browser over every backend');
  const dir = await mkdtemp(join(tmpdir(), 'bench-cli-'));
  const jsonPath = join(dir, 'race.json');
  try {
    // --no-build: the test command has just built dist/ for this run.
    const args = ['tsx', 'scripts/bench.ts', '--workload', 'race', '--model', 'tiny', '--batch', '16', '--backends', BACKENDS.join(','), '--warmup', '1', '--steps', '3', '--no-build', '--json', jsonPath];
    const { stdout } = await run('npx', args, { timeout: BENCH_TIMEOUT_MS, maxBuffer: 16 * 1024 * 1024 });
    expect(stdout).toContain('| backend | first step ms | median ms |');
    expect(stdout).toMatch(/^\| cpu \| \d+ \|/m);
    // A software GPU's row says it ran on the CPU, its speed-up is CPU vs CPU, and one sentence says what the device lacks.
    for (const b of SOFTWARE_GPUS) expect(stdout).toMatch(new RegExp(`^\\| ${b} \\(software, on the CPU\\) \\| \\d+ \\|.*×, CPU vs CPU \\|`, 'm'));
    expect(stdout).toContain('This device has no hardware GPU that the browser can use: WebGL and WebGPU run on the CPU through SwiftShader, so their times are CPU times.');

    const result = JSON.parse(await readFile(jsonPath, 'utf8')) as {
      workload: string;
      status: string;
      stops: unknown[];
      softwareGpu: Record<string, { renderer: string | null }>;
      rows: { backend: string; medianStepMs: number; speedUpVsCpu: number | null; speedUpVsWasm: number | null }[];
    };
    expect(result).toMatchObject({ workload: 'race', status: 'done', stops: [] });
    expect(Object.keys(result.softwareGpu).sort()).toEqual(SOFTWARE_APIS);
    expect(result.softwareGpu.webgl.renderer).toBe('SwiftShader');
    expect(result.rows.map((r) => r.backend)).toEqual(BACKENDS);
    for (const row of result.rows) {
      expect(row.medianStepMs, row.backend).toBeGreaterThan(0);
      expect(row.speedUpVsCpu, row.backend).toBeGreaterThan(0);
    }
    expect(result.rows[0].speedUpVsCpu).toBe(1);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
