import { BACKEND_LABELS } from '../../config/backends';
import type { RunSnapshot } from '../runStore';
import { formatBytes, formatNumber, formatPercent } from '../format';

function Stat({ id, label, value }: { id: string; label: string; value: string }) {
  return (
    <div className="stat">
      <span className="stat-label">{label}</span>
      <span className="stat-value" data-testid={`stat-${id}`}>
        {value}
      </span>
    </div>
  );
}

/** The headline numbers of the run, big enough to read from the back of a classroom. */
export function StatsPanel({ snapshot }: { snapshot: RunSnapshot }) {
  const { info, latest, latestEval, firstStepMs, firstLoss } = snapshot;
  const steady = latest && !latest.warmup ? latest : null;
  return (
    <section className="stats" data-testid="stats">
      <Stat id="backend" label="Backend that ran" value={info ? BACKEND_LABELS[info.backend] : '–'} />
      <Stat id="model" label="Model" value={info ? `${info.modelLabel}, ${formatNumber(info.params, 6)} params` : '–'} />
      <Stat id="step" label="Step" value={latest && info ? `${latest.step} / ${info.totalSteps} (epoch ${latest.epoch})` : '–'} />
      <Stat id="loss" label="Train loss (first → now)" value={latest ? `${formatNumber(firstLoss)} → ${formatNumber(latest.scalars.loss)}` : '–'} />
      <Stat id="first-step-ms" label="First step (compile + upload)" value={firstStepMs === null ? '–' : `${formatNumber(firstStepMs)} ms`} />
      <Stat id="step-ms" label="Step time" value={steady ? `${formatNumber(steady.stepMs)} ms` : '–'} />
      <Stat id="examples-per-sec" label="Examples/s" value={formatNumber(steady?.examplesPerSec)} />
      <Stat id="gflops" label="GFLOP/s" value={formatNumber(steady?.gflops)} />
      <Stat id="tensors" label="Tensors" value={latest ? String(latest.numTensors) : '–'} />
      <Stat id="bytes" label="Memory (live / GPU)" value={latest ? `${formatBytes(latest.bytes)} / ${formatBytes(latest.gpuBytes)}` : '–'} />
      <Stat id="test-accuracy" label="Test accuracy" value={latestEval ? `${formatPercent(latestEval.testAccuracy)} (epoch ${latestEval.epoch})` : '–'} />
    </section>
  );
}
