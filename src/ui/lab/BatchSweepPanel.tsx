import { useMemo } from 'react';
import { BACKEND_LABELS } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { formatNumber } from '../../share/format';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { formatMb } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';
import { SweepChart } from './SweepChart';
import { pivotAxes, seriesByBackend } from './sweepSeries';

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
}

/** Training throughput of the chosen model against batch size; a backend stops at the first batch that does not fit. */
export function BatchSweepPanel({ job, settings, values, blocked, run }: Props) {
  const points = useMemo(() => job?.batchPoints ?? [], [job?.batchPoints]);
  const series = useMemo(() => seriesByBackend(points, (p) => p.batchSize, (p) => p.examplesPerSec), [points]);
  const { values: swept, backends: columns } = pivotAxes(points, (p) => p.batchSize);


  return (
    <section className="panel lab-panel" data-testid="batch-panel">
      <h2>Batch sweep: bigger batches keep the GPU busy — until memory runs out</h2>
      <LabFields keys={['batchFrom', 'batchTo']} values={values} />
      <JobControls prefix="batch" runLabel="Run the batch sweep" job={job} blocked={blocked} onRun={() => settings && run('batchSweep', settings)} onCancel={() => labSession.cancel('batchSweep')} />
      <SweepChart testId="batch-chart" title="Training throughput against batch size" series={series} markers={[]} xLabel="batch size" yLabel="examples/s" yUnit="examples/s" emptyText="The batch sweep’s examples/s on each backend appear here. Press Run the batch sweep to start." />
      <p className="lab-note">
        Each batch size gets a freshly built model and data, the workload's warm-up and measured steps, and one profiled step for peak memory. The first batch
        that does not fit in memory ends that backend's sweep; a batch predicted to take over the longest sweep point ({values.sweepBudgetSeconds} s, set in the size sweep) is skipped.
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
            {swept.map((batch) => (
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
