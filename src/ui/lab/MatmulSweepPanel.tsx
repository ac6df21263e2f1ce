import { useMemo, useState } from 'react';
import { BACKEND_LABELS, type BackendName } from '../../config/backends';
import { crossoverSentence, matmulCrossovers } from '../../engine/lab/crossover';
import type { LabJobState } from '../../engine/lab/labJob';
import { MATMUL_DEFAULTS, MATMUL_SIZE_CHOICES, powersOfTwo, SWEEP_POINT_BUDGET_MS } from '../../engine/lab/labSettings';
import { formatNumber } from '../format';
import { BACKEND_COLORS } from './backendColors';
import { JobControls } from './JobControls';
import type { LabRequest } from './labSession';
import { SizeRange } from './SizeRange';
import { SweepChart, type SweepMarker } from './SweepChart';
import { pivotAxes, seriesByBackend } from './sweepSeries';

interface Props {
  job: LabJobState | undefined;
  running: boolean;
  blocked: string | null;
  backends: BackendName[];
  onRun(request: LabRequest): void;
}

/** GFLOP/s of an n×n matrix multiply against n on each backend, log-log, with the GPU/CPU crossover marked. */
export function MatmulSweepPanel({ job, running, blocked, backends, onRun }: Props) {
  const [range, setRange] = useState<{ min: number; max: number }>({ min: MATMUL_DEFAULTS.minSize, max: MATMUL_DEFAULTS.maxSize });
  const points = useMemo(() => job?.matmulPoints ?? [], [job?.matmulPoints]);
  const series = useMemo(() => seriesByBackend(points, (p) => p.size, (p) => p.gflops), [points]);
  const crossovers = useMemo(() => matmulCrossovers(points), [points]);
  const markers = useMemo<SweepMarker[]>(
    () => crossovers.flatMap((c) => (c.size === null ? [] : [{ x: c.size, label: `${BACKEND_LABELS[c.gpu]} overtakes`, color: BACKEND_COLORS[c.gpu] }])),
    [crossovers],
  );
  const { values, backends: columns } = pivotAxes(points, (p) => p.size);

  const run = () =>
    onRun({ type: 'matmulSweep', backends, sizes: powersOfTwo(range.min, range.max), warmupRuns: MATMUL_DEFAULTS.warmupRuns, timedRuns: MATMUL_DEFAULTS.timedRuns, pointBudgetMs: SWEEP_POINT_BUDGET_MS });

  return (
    <section className="panel lab-panel" data-testid="matmul-panel">
      <h2>Size sweep: where does the GPU start to win?</h2>
      <SizeRange prefix="matmul" label="Matrix size" choices={MATMUL_SIZE_CHOICES} min={range.min} max={range.max} disabled={running} onChange={(min, max) => setRange({ min, max })} />
      <JobControls prefix="matmul" runLabel="Run the size sweep" job={job} running={running} blocked={blocked} onRun={run} />
      <SweepChart testId="matmul-chart" title="Matrix multiply C = A·B, n×n float32" series={series} markers={markers} xLabel="matrix size n" yLabel="GFLOP/s" />
      <div data-testid="matmul-crossover" className="lab-explain">
        {crossovers.map((c) => (
          <p key={c.gpu} data-testid={`matmul-crossover-${c.gpu}`}>
            {crossoverSentence(c)}
          </p>
        ))}
      </div>
      <p className="lab-note">
        Each point is the median of {MATMUL_DEFAULTS.timedRuns} timed runs after {MATMUL_DEFAULTS.warmupRuns} warm-up runs; every timed run ends by reading the whole product back. A point
        predicted to take over {SWEEP_POINT_BUDGET_MS / 1000} s is skipped, ending that backend's sweep.
      </p>
      {points.length > 0 && (
        <table className="lab-table" data-testid="matmul-table">
          <thead>
            <tr>
              <th>n</th>
              {columns.map((b) => (
                <th key={b}>{BACKEND_LABELS[b]} GFLOP/s (median ms)</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {values.map((size) => (
              <tr key={size}>
                <th scope="row">{size}</th>
                {columns.map((b) => {
                  const p = points.find((q) => q.backend === b && q.size === size);
                  return (
                    <td key={b} data-testid={`matmul-cell-${b}-${size}`}>
                      {p ? `${formatNumber(p.gflops)} (${formatNumber(p.medianMs)} ms)` : '–'}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
