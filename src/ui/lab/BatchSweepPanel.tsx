import { useMemo } from 'react';
import { laneIdMessage, laneIdOf } from '../../config/lanes';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { formatNumber } from '../../share/format';
import { useT } from '../i18n/useT';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { formatMb } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';
import { SweepChart } from './SweepChart';
import { pivotAxes, seriesByLane } from './sweepSeries';

/** The panel's settings, test ids and job (not shown to people). */
const KEYS = ['batchFrom', 'batchTo'] as const;
const PREFIX = 'batch';
const CHART_TEST_ID = 'batch-chart';

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
}

/** Training throughput of the chosen model against batch size, a line per lane (WebGPU on the engine the race runs first); a backend stops at the first batch that does not fit. */
export function BatchSweepPanel({ job, settings, values, blocked, run }: Props) {
  const t = useT();
  const tr = t.translator;
  const points = useMemo(() => job?.batchPoints ?? [], [job?.batchPoints]);
  const series = useMemo(() => seriesByLane(points, (p) => p.batchSize, (p) => p.examplesPerSec, tr), [points, tr]);
  const { values: swept, columns } = pivotAxes(points, (p) => p.batchSize, laneIdOf);
  const examplesPerSec = t('lab.unit.examplesPerSec');
  const onRun = () => settings && run('batchSweep', settings);
  const onCancel = () => labSession.cancel('batchSweep');

  return (
    <section className="panel lab-panel" data-testid="batch-panel">
      <h2>{t('lab.batch.title')}</h2>
      <LabFields keys={KEYS} values={values} />
      <JobControls prefix={PREFIX} runLabel={t('lab.batch.run')} job={job} blocked={blocked} onRun={onRun} onCancel={onCancel} />
      <SweepChart
        testId={CHART_TEST_ID}
        title={t('lab.batch.chartTitle')}
        series={series}
        markers={[]}
        xLabel={t('lab.batch.xLabel')}
        yLabel={examplesPerSec}
        yUnit={examplesPerSec}
        emptyText={t('lab.batch.chartEmpty')}
      />
      <p className="lab-note">{t('lab.batch.note', { budget: values.sweepBudgetSeconds ?? '' })}</p>
      {points.length > 0 && (
        <table className="lab-table" data-testid="batch-table">
          <thead>
            <tr>
              <th>{t('lab.batch.batch')}</th>
              {columns.map((b) => (
                <th key={b}>{t('lab.batch.column', { backend: t.say(laneIdMessage(b)) })}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {swept.map((batch) => (
              <tr key={batch}>
                <th scope="row">{batch}</th>
                {columns.map((b) => {
                  const p = points.find((q) => laneIdOf(q) === b && q.batchSize === batch);
                  return (
                    <td key={b} data-testid={`batch-cell-${b}-${batch}`}>
                      {p ? t('lab.batch.cell', { value: formatNumber(p.examplesPerSec), memory: formatMb(p.peakBytes, tr) }) : '–'}
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
