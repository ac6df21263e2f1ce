import { useMemo } from 'react';
import { BACKEND_LABELS } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { crossoverSentence, matmulCrossovers } from '../../share/crossover';
import { formatNumber } from '../../share/format';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { backendColor } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';
import { SweepChart, type SweepMarker } from './SweepChart';
import { pivotAxes, seriesByBackend } from './sweepSeries';

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
}

const SWEEP_KEYS = ['matmulFrom', 'matmulTo', 'matmulWarmupRuns', 'matmulTimedRuns', 'sweepBudgetSeconds'] as const;

/** GFLOP/s of an n×n matrix multiply against n on each backend, log-log, with the GPU/CPU crossover marked. */
export function MatmulSweepPanel({ job, settings, values, blocked, run }: Props) {
  const points = useMemo(() => job?.matmulPoints ?? [], [job?.matmulPoints]);
  const series = useMemo(() => seriesByBackend(points, (p) => p.size, (p) => p.gflops), [points]);
  const crossovers = useMemo(() => matmulCrossovers(points), [points]);
  const markers = useMemo<SweepMarker[]>(
    () => crossovers.flatMap((c) => (c.size === null ? [] : [{ x: c.size, label: `${BACKEND_LABELS[c.gpu]} overtakes`, color: backendColor(c.gpu) }])),
    [crossovers],
  );
  const { values: swept, backends: columns } = pivotAxes(points, (p) => p.size);


  return (
    <section className="panel lab-panel" data-testid="matmul-panel">
      <h2>Size sweep: where does the GPU start to win?</h2>
      <LabFields keys={SWEEP_KEYS} values={values} />
      <JobControls prefix="matmul" runLabel="Run the size sweep" job={job} blocked={blocked} onRun={() => settings && run('matmulSweep', settings)} onCancel={() => labSession.cancel('matmulSweep')} />
      <SweepChart testId="matmul-chart" title="Matrix multiply C = A·B, n×n float32" series={series} markers={markers} xLabel="matrix size n" yLabel="GFLOP/s" yUnit="GFLOP/s" emptyText="The size sweep’s GFLOP/s on each backend appear here. Press Run the size sweep to start." />
      <div data-testid="matmul-crossover" className="lab-explain">
        {crossovers.map((c) => (
          <p key={c.gpu} data-testid={`matmul-crossover-${c.gpu}`}>
            {crossoverSentence(c)}
          </p>
        ))}
      </div>
      <p className="lab-note">
        Each point is the median of {values.matmulTimedRuns} timed runs after {values.matmulWarmupRuns} warm-up runs; every timed run ends by reading the whole product back. A point
        predicted to take over {values.sweepBudgetSeconds} s is skipped, ending that backend's sweep.
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
            {swept.map((size) => (
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
