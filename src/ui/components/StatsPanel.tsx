import { BACKEND_LABELS } from '../../config/backends';
import type { RunSnapshot } from '../runStore';
import { formatBytes, formatNumber } from '../../share/format';

export interface StatItem {
  id: string;
  label: string;
  value: string;
  /** The unit of a bare number ("examples/s"), said after it to a screen reader; values that carry their unit ("12 ms") need none. */
  unit?: string;
}

function Stat({ id, label, value, unit }: StatItem) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <span className="stat-value">
        <span data-testid={`stat-${id}`}>{value}</span>
        {unit && value !== '–' && <span className="visually-hidden"> {unit}</span>}
      </span>
    </div>
  );
}

/**
 * The headline numbers of the run, big enough to read from the back of a classroom: what every
 * workload reports, plus the workload's own items.
 */
export function StatsPanel({ snapshot, items, hidden = false }: { snapshot: RunSnapshot; items: StatItem[]; hidden?: boolean }) {
  const { info, latest, firstStepMs } = snapshot;
  const steady = latest && !latest.warmup ? latest : null;
  const common: StatItem[] = [
    { id: 'backend', label: 'Backend that ran', value: info ? BACKEND_LABELS[info.backend] : '–' },
    { id: 'model', label: 'Model', value: info ? `${info.modelLabel}, ${formatNumber(info.params, 7)} params` : '–' },
    { id: 'step', label: 'Step', value: latest && info ? `${latest.step} / ${info.totalSteps} (epoch ${latest.epoch})` : '–' },
  ];
  const system: StatItem[] = [
    { id: 'first-step-ms', label: 'First step (compile + upload)', value: firstStepMs === null ? '–' : `${formatNumber(firstStepMs)} ms` },
    { id: 'step-ms', label: 'Step time', value: steady ? `${formatNumber(steady.stepMs)} ms` : '–' },
    { id: 'examples-per-sec', label: 'Examples/s', value: formatNumber(steady?.examplesPerSec), unit: 'examples/s' },
    { id: 'gflops', label: 'GFLOP/s', value: formatNumber(steady?.gflops), unit: 'GFLOP/s' },
    { id: 'tensors', label: 'Tensors', value: latest ? String(latest.numTensors) : '–', unit: 'tensors' },
    { id: 'bytes', label: 'Memory (live / GPU)', value: latest ? `${formatBytes(latest.bytes)} / ${formatBytes(latest.gpuBytes)}` : '–' },
  ];
  return (
    <section className="stats" data-testid="stats" hidden={hidden}>
      {[...common, ...items, ...system].map((item) => (
        <Stat key={item.id} {...item} />
      ))}
    </section>
  );
}
