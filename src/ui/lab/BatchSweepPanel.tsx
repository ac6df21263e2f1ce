import { useMemo, useState } from 'react';
import { BACKEND_LABELS, type BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/lab/labJob';
import type { LabWorkload } from '../../engine/lab/labProtocol';
import { BATCH_SIZE_CHOICES, BATCH_SWEEP_DEFAULTS, powersOfTwo, SWEEP_POINT_BUDGET_MS } from '../../engine/lab/labSettings';
import { formatNumber } from '../format';
import { JobControls } from './JobControls';
import { formatMb } from './labFormat';
import type { LabRequest } from './labSession';
import { SizeRange } from './SizeRange';
import { SweepChart } from './SweepChart';
import { pivotAxes, seriesByBackend } from './sweepSeries';

interface Props {
  job: LabJobState | undefined;
  running: boolean;
  blocked: string | null;
  backends: BackendName[];
  workload: LabWorkload | null;
  onRun(request: LabRequest): void;
}

/** Training throughput of the chosen model against batch size; a backend stops at the first batch that does not fit. */
export function BatchSweepPanel({ job, running, blocked, backends, workload, onRun }: Props) {
  const [range, setRange] = useState<{ min: number; max: number }>({ min: BATCH_SWEEP_DEFAULTS.minBatch, max: BATCH_SWEEP_DEFAULTS.maxBatch });
  const points = useMemo(() => job?.batchPoints ?? [], [job?.batchPoints]);
  const series = useMemo(() => seriesByBackend(points, (p) => p.batchSize, (p) => p.examplesPerSec), [points]);
  const { values, backends: columns } = pivotAxes(points, (p) => p.batchSize);

  const run = () => {
    if (workload) onRun({ type: 'batchSweep', workload, backends, batchSizes: powersOfTwo(range.min, range.max), pointBudgetMs: SWEEP_POINT_BUDGET_MS });
  };

  return (
    <section className="panel lab-panel" data-testid="batch-panel">
      <h2>Batch sweep: bigger batches keep the GPU busy — until memory runs out</h2>
      <SizeRange prefix="batch" label="Batch size" choices={BATCH_SIZE_CHOICES} min={range.min} max={range.max} disabled={running} onChange={(min, max) => setRange({ min, max })} />
      <JobControls prefix="batch" runLabel="Run the batch sweep" job={job} running={running} blocked={blocked} onRun={run} />
      <SweepChart testId="batch-chart" title="Training throughput against batch size" series={series} markers={[]} xLabel="batch size" yLabel="examples/s" />
      <p className="lab-note">
        Each batch size gets a freshly built model and data, the workload's warm-up and measured steps, and one profiled step for peak memory. The first batch
        that does not fit in memory ends that backend's sweep; a batch predicted to take over {SWEEP_POINT_BUDGET_MS / 1000} s is skipped.
      </p>
      {points.length > 0 && (
        <table className="lab-table" data-testid="batch-table">
          <thead>
            <tr>
              <th>Batch</th>
              {columns.map((b) => (
                <th key={b}>{BACKEND_LABELS[b]} examples/s (peak memory)</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {values.map((batch) => (
              <tr key={batch}>
                <th scope="row">{batch}</th>
                {columns.map((b) => {
                  const p = points.find((q) => q.backend === b && q.batchSize === batch);
                  return (
                    <td key={b} data-testid={`batch-cell-${b}-${batch}`}>
                      {p ? `${formatNumber(p.examplesPerSec)} (${formatMb(p.peakBytes)})` : '–'}
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
