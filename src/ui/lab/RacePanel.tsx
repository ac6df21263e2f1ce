import { useMemo, type ReactNode } from 'react';
import { BACKEND_LABELS, type BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/lab/labJob';
import { withSpeedUps, type RankedRaceRow } from '../../engine/lab/stepStats';
import { formatNumber } from '../format';
import { BACKEND_COLORS } from './backendColors';
import { BarChart, type Bar } from './BarChart';
import { JobControls } from './JobControls';
import { formatMb, formatMs, formatSpeedUp } from './labFormat';

/** Table columns: test-id suffix, heading, cell text. */
const COLUMNS: [id: string, heading: string, cell: (r: RankedRaceRow) => string][] = [
  ['first-step', 'First step (compile + upload)', (r) => formatMs(r.firstStepMs)],
  ['median', 'Median step', (r) => formatMs(r.medianStepMs)],
  ['p90', 'p90 step', (r) => formatMs(r.p90StepMs)],
  ['min', 'Min', (r) => formatMs(r.minStepMs)],
  ['max', 'Max', (r) => formatMs(r.maxStepMs)],
  ['examples-per-sec', 'Examples/s', (r) => formatNumber(r.examplesPerSec)],
  ['gflops', 'GFLOP/s', (r) => formatNumber(r.gflops)],
  ['peak-memory', 'Peak memory', (r) => `${formatMb(r.peakBytes)}${r.gpuBytes === null ? '' : ` (GPU ${formatMb(r.gpuBytes)})`}`],
  ['speedup', 'Speed-up vs CPU', (r) => formatSpeedUp(r.speedUp)],
];

interface Props {
  job: LabJobState | undefined;
  running: boolean;
  blocked: string | null;
  /** The backends of the race shown (the latest one started, from here or from a shared link). */
  raced: BackendName[];
  onRun(): void;
  /** Shown under the table (share and export). */
  extra?: ReactNode;
}

/** One click: the same workload on every chosen backend in turn; bars and table fill in as each finishes. */
export function RacePanel({ job, running, blocked, raced, onRun, extra }: Props) {
  const rows = useMemo(() => withSpeedUps(job?.raceRows ?? []), [job?.raceRows]);
  const bars = useMemo<Bar[]>(
    () => rows.map((r) => ({ label: BACKEND_LABELS[r.backend], value: r.examplesPerSec, color: BACKEND_COLORS[r.backend], note: r.speedUp === null ? 'no CPU row to compare with' : `${formatSpeedUp(r.speedUp)} the CPU` })),
    [rows],
  );
  const first = rows[0];

  return (
    <section className="panel lab-panel" data-testid="race-panel">
      <h2>Race: the same training step on every backend</h2>
      <JobControls prefix="race" runLabel="Run the race" job={job} running={running} blocked={blocked} onRun={onRun} />
      {first && (
        <p className="lab-note">
          {first.modelLabel}, batch {first.batchSize}: {first.warmupSteps} warm-up {first.warmupSteps === 1 ? 'step' : 'steps'}, then {first.measuredSteps} measured steps, each ending with a read-back of its loss.
          Throughput from the median step. The first step compiles shaders only the first time a backend runs a model in this tab.
        </p>
      )}
      <BarChart testId="race-chart" title="Training throughput (examples/s, higher is faster)" bars={bars} yLabel="examples/s" />
      <table className="lab-table" data-testid="race-table">
        <thead>
          <tr>
            <th>Backend</th>
            {COLUMNS.map(([id, heading]) => (
              <th key={id}>{heading}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {raced.map((backend) => {
            const row = rows.find((r) => r.backend === backend);
            const stop = job?.stops.find((s) => s.backend === backend);
            return (
              <tr key={backend} data-testid={`race-row-${backend}`}>
                <th scope="row" style={{ color: BACKEND_COLORS[backend] }}>
                  {BACKEND_LABELS[backend]}
                </th>
                {row ? (
                  COLUMNS.map(([id, , cell]) => (
                    <td key={id} data-testid={`race-cell-${backend}-${id}`} className={id === 'speedup' ? 'lab-speedup' : undefined}>
                      {cell(row)}
                    </td>
                  ))
                ) : (
                  <td colSpan={COLUMNS.length} className="lab-pending">
                    {stop ? stop.reason : job?.status === 'running' ? '…' : 'not run'}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {extra}
    </section>
  );
}
