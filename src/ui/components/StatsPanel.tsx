import type { RunSnapshot } from '../runStore';
import { laneMessage } from '../../config/lanes';
import { formatBytes, formatNumber } from '../../share/format';
import { useT } from '../i18n/useT';

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

/** Every number a training run reports: what every workload reports, plus the workload's own items. */
export function useStatItems(snapshot: RunSnapshot, items: StatItem[]): StatItem[] {
  const { info, latest, firstStepMs } = snapshot;
  const steady = latest && !latest.warmup ? latest : null;
  const t = useT();
  const common: StatItem[] = [
    { id: 'backend', label: t('stats.backend'), value: info ? t.say(laneMessage(info)) : '–' },
    { id: 'model', label: t('stats.model'), value: info ? t('stats.modelValue', { model: t.known(info.modelLabel), params: formatNumber(info.params, 7) }) : '–' },
    { id: 'step', label: t('stats.step'), value: latest && info ? t('stats.stepValue', { step: latest.step, total: info.totalSteps, epoch: latest.epoch }) : '–' },
  ];
  const system: StatItem[] = [
    { id: 'first-step-ms', label: t('stats.firstStep'), value: firstStepMs === null ? '–' : t('stats.ms', { value: formatNumber(firstStepMs) }) },
    { id: 'step-ms', label: t('stats.stepTime'), value: steady ? t('stats.ms', { value: formatNumber(steady.stepMs) }) : '–' },
    { id: 'examples-per-sec', label: t('stats.examplesPerSec'), value: formatNumber(steady?.examplesPerSec), unit: t('unit.examplesPerSec') },
    { id: 'gflops', label: t('stats.gflops'), value: formatNumber(steady?.gflops), unit: 'GFLOP/s' },
    { id: 'tensors', label: t('stats.tensors'), value: latest ? String(latest.numTensors) : '–', unit: t('chart.axis.tensors') },
    { id: 'bytes', label: t('stats.memory'), value: latest ? `${formatBytes(latest.bytes)} / ${latest.gpuBytes === null ? t('lab.value.notReported') : formatBytes(latest.gpuBytes)}` : '–' },
  ];
  return [...common, ...items, ...system];
}

/** Numbers of the run, big enough to read from the back of a classroom. */
export function StatsPanel({ items, hidden = false, testId = 'stats' }: { items: StatItem[]; hidden?: boolean; testId?: string }) {
  return (
    <section className="stats" data-testid={testId} hidden={hidden}>
      {items.map((item) => (
        <Stat key={item.id} {...item} />
      ))}
    </section>
  );
}
