import { useMemo, type ReactNode } from 'react';
import { BACKEND_LABELS, type BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { formatNumber } from '../../share/format';
import { withSpeedUps, type RankedRaceRow } from '../../share/speedUps';
import { BarChart, type Bar } from './BarChart';
import { JobControls } from './JobControls';
import { backendColor, formatMb, formatMs, formatSpeedUp } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';

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
  ['speedup', 'Speed-up vs plain-JS CPU', (r) => formatSpeedUp(r.speedUpVsCpu)],
  ['speedup-wasm', 'Speed-up vs WebAssembly CPU', (r) => formatSpeedUp(r.speedUpVsWasm)],
];

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
  /** The backends of the race shown (the latest one started, from here or from a shared link). */
  raced: readonly BackendName[];
  /** Shown under the table (share and export). */
  extra?: ReactNode;
}

function barNote(r: RankedRaceRow): string {
  const parts = [r.speedUpVsCpu === null ? null : `${formatSpeedUp(r.speedUpVsCpu)} plain-JS CPU`, r.speedUpVsWasm === null ? null : `${formatSpeedUp(r.speedUpVsWasm)} WebAssembly CPU`];
  const known = parts.filter((p): p is string => p !== null);
  return known.length ? known.join(', ') : 'no CPU row to compare with';
}

/** One click: the same workload on every chosen backend in turn; bars and table fill in as each finishes. */
export function RacePanel({ job, settings, blocked, run, raced, extra }: Props) {
  const rows = useMemo(() => withSpeedUps(job?.raceRows ?? []), [job?.raceRows]);
  const bars = useMemo<Bar[]>(
    () => rows.map((r) => ({ label: BACKEND_LABELS[r.backend], value: r.examplesPerSec, color: backendColor(r.backend), note: barNote(r) })),
    [rows],
  );
  const first = rows[0];

  return (
    <section className="panel lab-panel" data-testid="race-panel">
      <h2>Race: the same training step on every backend</h2>
      <JobControls prefix="race" runLabel="Run the race" job={job} blocked={blocked} onRun={() => settings && run('race', settings)} onCancel={() => labSession.cancel('race')} />
      {first && (
        <p className="lab-note">
          {first.modelLabel}, batch {first.batchSize}: {first.warmupSteps} warm-up {first.warmupSteps === 1 ? 'step' : 'steps'}, then {first.measuredSteps} measured steps, each ending with a read-back of its loss.
          Throughput from the median step. The first step compiles shaders only the first time a backend runs a model in this tab.
        </p>
      )}
      <BarChart testId="race-chart" title="Training throughput (examples/s, higher is faster)" bars={bars} yLabel="examples/s" emptyText="Each backend’s training throughput appears here. Press Run the race to start." />
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
                <th scope="row" style={{ color: backendColor(backend) }}>
                  {BACKEND_LABELS[backend]}
                </th>
                {row ? (
                  COLUMNS.map(([id, , cell]) => (
                    <td key={id} data-testid={`race-cell-${backend}-${id}`} className={id.startsWith('speedup') ? 'lab-speedup' : undefined}>
                      {cell(row)}
                    </td>
                  ))
                ) : (
                  <td colSpan={COLUMNS.length} className="lab-pending">
                    {stop ? stop.reason : job?.status === 'running' || job?.status === 'queued' ? '…' : 'not run'}
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
