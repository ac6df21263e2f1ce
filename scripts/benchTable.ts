import type { BenchRow } from '../src/engine/protocol';

const fmt = (v: number, digits = 1) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

/** One Markdown table: each backend's app row, its bare-loop row, and the app/bare throughput ratio. */
export function markdownTable(rows: BenchRow[]): string {
  const header = '| backend | loop | first step ms | median step ms | p90 step ms | examples/s | GFLOP/s | app / bare |';
  const rule = '|---|---|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map((r) => {
    const bare = rows.find((o) => o.backend === r.backend && o.loop === 'bare');
    const ratio = r.loop === 'app' && bare ? fmt(r.examplesPerSec / bare.examplesPerSec, 2) : '';
    return `| ${r.backend} | ${r.loop} | ${fmt(r.firstStepMs, 0)} | ${fmt(r.medianStepMs)} | ${fmt(r.p90StepMs)} | ${fmt(r.examplesPerSec)} | ${fmt(r.gflops, 3)} | ${ratio} |`;
  });
  return [header, rule, ...lines].join('\n');
}
