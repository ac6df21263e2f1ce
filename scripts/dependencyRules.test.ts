import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '..');
const CONFIG = path.join(ROOT, '.dependency-cruiser.cjs');
const CLI = path.join(ROOT, 'node_modules', '.bin', 'depcruise');

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs the project's own rules over a tree; resolves with the violations (the CLI exits non-zero on any). */
async function violations(cwd: string): Promise<Violation[]> {
  try {
    const { stdout } = await run(CLI, ['src', '--config', CONFIG, '--output-type', 'json'], { cwd, maxBuffer: 64 * 1024 * 1024 });
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  } catch (err) {
    const stdout = (err as { stdout?: string }).stdout;
    if (!stdout) throw err;
    return (JSON.parse(stdout) as { summary: { violations: Violation[] } }).summary.violations;
  }
}

// The project itself passing them is `npm run deps`, a step of `npm test`: not run twice here.
describe('the dependency rules', () => {
  it('fail on each deliberate violation in the fixture tree, dynamic and type-only imports included', async () => {
    const found = await violations(path.join(ROOT, 'tests', 'depcruise'));
    const byRule = (name: string) => found.filter((v) => v.rule.name === name).map((v) => `${v.from} -> ${v.to}`);
    expect(byRule('config-is-the-bottom')).toEqual(['src/config/upward.ts -> src/ui/view.ts']);
    expect(byRule('i18n-above-config')).toEqual(['src/i18n/catalogs.ts -> src/ui/view.ts']);
    expect(byRule('ui-reaches-engine-through-client')).toEqual(['src/ui/lazy.ts -> src/engine/lab/job.ts']);
    expect(byRule('protocol-is-types-and-folds')).toEqual(['src/engine/protocol/types.ts -> src/engine/lab/job.ts']);
    expect(byRule('only-the-page-formats')).toEqual(['src/engine/jobs/formats.ts -> src/i18n/translator.ts']);
    expect(byRule('tfjs-only-in-workers')).toHaveLength(1);
    expect(byRule('tfjs-only-in-workers')[0]).toMatch(/^src\/share\/typeLeak\.ts -> .*node_modules\/@tensorflow\/tfjs-core\//);
    expect(byRule('service-worker-stands-alone')).toEqual(['src/serviceWorker/sw.ts -> src/ui/view.ts']);
    expect(byRule('service-worker-is-its-own-program')).toEqual(['src/ui/registerWorker.ts -> src/serviceWorker/sw.ts']);
    expect(byRule('no-circular').length).toBeGreaterThan(0);
  });
});
