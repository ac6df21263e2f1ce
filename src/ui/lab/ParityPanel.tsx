import { useMemo } from 'react';
import { BACKEND_LABELS } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { formatNumber } from '../../share/format';
import { parityReport } from '../../share/parity';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { backendColor } from './labFormat';
import type { LabPanelProps } from './labPanel';
import { labSession } from './labSession';
import { SweepChart, type SweepSeries } from './SweepChart';

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
}

const relative = (x: number) => (Number.isFinite(x) ? `${(x * 100).toPrecision(2)}%` : 'not a number');

/** Do the backends learn the same? One seed, one model, the same batches: their loss curves, on top of each other. */
export function ParityPanel({ job, settings, values, blocked, run }: Props) {
  const curves = useMemo(() => job?.parityCurves ?? [], [job?.parityCurves]);
  const series = useMemo<SweepSeries[]>(
    () => curves.map((c) => ({ key: c.backend, label: BACKEND_LABELS[c.backend], color: backendColor(c.backend), points: c.losses.map((y, i) => ({ x: i + 1, y })) })),
    [curves],
  );
  const report = useMemo(() => (job?.status === 'done' ? parityReport(curves) : null), [job?.status, curves]);

  return (
    <section className="panel lab-panel" data-testid="parity-panel">
      <h2>Parity check: does every backend learn the same?</h2>
      <LabFields keys={['paritySteps']} values={values} />
      <JobControls prefix="parity" runLabel="Check parity" job={job} blocked={blocked} onRun={() => settings && run('parity', settings)} onCancel={() => labSession.cancel('parity')} />
      <p className="lab-note">
        Each chosen backend trains the workload above from the same seed on the same batches for {values.paritySteps} steps, reading every loss back. Correct
        backends differ only where float32 sums are added in another order.
      </p>
      <SweepChart testId="parity-chart" title="Training loss on each backend, same start, same batches" series={series} markers={[]} xLabel="step" yLabel="loss" linear emptyText="Each backend’s training loss appears here. Press Check parity to start." />
      {report && (
        <>
          <p className={report.agree ? 'lab-explain' : 'warning'} data-testid="parity-verdict" role="status">
            {report.sentence}
          </p>
          <table className="lab-table" data-testid="parity-table">
            <thead>
              <tr>
                <th>Step</th>
                <th>{BACKEND_LABELS[report.reference]} loss</th>
                <th>Largest relative difference</th>
                <th>Backend furthest off</th>
              </tr>
            </thead>
            <tbody>
              {report.steps.map((s) => (
                <tr key={s.step} data-testid={`parity-row-${s.step}`}>
                  <th scope="row">{s.step}</th>
                  <td>{formatNumber(curves.find((c) => c.backend === report.reference)?.losses[s.step - 1], 6)}</td>
                  <td data-testid={`parity-diff-${s.step}`}>{relative(s.maxRelativeDiff)}</td>
                  <td>{s.worst ? BACKEND_LABELS[s.worst] : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
