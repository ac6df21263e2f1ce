/** The tuner's work on one plan as Markdown: each product's candidates' times (ms per run) and the choice. */
import type { TuningReport } from '../src/engine/protocol/tuning';

const fixed = (value: number, digits: number) => (Number.isFinite(value) ? value.toFixed(digits) : '–');

export function tuningTable(title: string, tuning: TuningReport): string {
  const ids = [...new Set(tuning.products.flatMap((p) => p.tried.map((t) => t.id)))];
  const timed = tuning.probeMs !== null || ids.length > 0;
  const clock = timed ? (tuning.onGpuClock ? ', GPU clock' : ', wall clock') : '';
  const head = `${title}: ${tuning.source}${tuning.probeMs === null ? '' : `, probe ${fixed(tuning.probeMs, 3)} ms`}, ${fixed(tuning.ms, 0)} ms, ${tuning.pipelines} pipelines compiled to time${clock}\n`;
  if (ids.length === 0) return `${head}\n| product | GFLOP | choice |\n|---|---:|---|\n${tuning.products.map((p) => `| ${p.label} | ${fixed(p.flops / 1e9, 3)} | ${p.choice} |`).join('\n')}`;
  const cell = (p: TuningReport['products'][number], id: string) => {
    const t = p.tried.find((x) => x.id === id);
    if (!t) return '';
    if (t.ms === null) return t.note?.startsWith('not timed') ? '·' : 'failed';
    return id === p.choice ? `**${fixed(t.ms, 3)}**` : fixed(t.ms, 3);
  };
  const lines = tuning.products.map((p) => `| ${p.label} | ${fixed(p.flops / 1e9, 3)} | ${ids.map((id) => cell(p, id)).join(' | ')} | ${p.choice} |`);
  return [head, `| product | GFLOP | ${ids.join(' | ')} | choice |`, `|---|---:|${'---:|'.repeat(ids.length)}---|`, ...lines].join('\n');
}
