import { useMemo } from 'react';
import { askedLaneIdOf, laneIdMessage, laneIdOf } from '../../config/lanes';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { formatNumber } from '../../share/format';
import { parityPercent, parityReport, paritySentence } from '../../share/parity';
import { useT } from '../i18n/useT';
import { Say } from '../i18n/Say';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { laneColor } from './labFormat';
import type { LabPanelProps } from './labPanel';
import { labSession } from './labSession';
import { SweepChart, type SweepSeries } from './SweepChart';

/** The panel's setting, test ids and job (not shown to people). */
const KEYS = ['paritySteps'] as const;
const PREFIX = 'parity';
const CHART_TEST_ID = 'parity-chart';

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
}

/** Do the backends learn the same? One seed, one model, the same batches: a loss curve per lane (WebGPU once per engine), on top of each other. */
export function ParityPanel({ job, settings, values, blocked, run }: Props) {
  const t = useT();
  const tr = t.translator;
  const curves = useMemo(() => job?.parityCurves ?? [], [job?.parityCurves]);
  const series = useMemo<SweepSeries[]>(
    () =>
      curves.map((c) => {
        const lane = askedLaneIdOf(c);
        return { key: lane, label: tr.say(laneIdMessage(lane)), color: laneColor(lane), points: c.losses.map((y, i) => ({ x: i + 1, y })) };
      }),
    [curves, tr],
  );
  const report = useMemo(() => (job?.status === 'done' ? parityReport(curves) : null), [job?.status, curves]);
  const onRun = () => settings && run('parity', settings);
  const onCancel = () => labSession.cancel('parity');

  return (
    <section className="panel lab-panel" data-testid="parity-panel">
      <h2>{t('lab.parity.title')}</h2>
      <LabFields keys={KEYS} values={values} />
      <JobControls prefix={PREFIX} runLabel={t('lab.parity.run')} job={job} blocked={blocked} onRun={onRun} onCancel={onCancel} stopKey={laneIdOf} />
      <p className="lab-note">{t('lab.parity.note', { steps: values.paritySteps ?? '' })}</p>
      <SweepChart
        testId={CHART_TEST_ID}
        title={t('lab.parity.chartTitle')}
        series={series}
        markers={[]}
        xLabel={t('lab.parity.xLabel')}
        yLabel={t('lab.parity.yLabel')}
        linear
        emptyText={t('lab.parity.chartEmpty')}
      />
      {curves.map((c) =>
        c.engineNote ? (
          <p className="lab-note" key={askedLaneIdOf(c)} data-testid={`parity-engine-note-${askedLaneIdOf(c)}`}>
            <Say message={c.engineNote} />
          </p>
        ) : null,
      )}
      {report && (
        <>
          <p className={report.agree ? 'lab-explain' : 'warning'} data-testid="parity-verdict" role="status">
            {paritySentence(report, tr)}
          </p>
          <table className="lab-table" data-testid="parity-table">
            <thead>
              <tr>
                <th>{t('lab.parity.step')}</th>
                <th>{t('lab.parity.referenceLoss', { backend: t.say(laneIdMessage(report.reference)) })}</th>
                <th>{t('lab.parity.largestDiff')}</th>
                <th>{t('lab.parity.furthestOff')}</th>
              </tr>
            </thead>
            <tbody>
              {report.steps.map((s) => (
                <tr key={s.step} data-testid={`parity-row-${s.step}`}>
                  <th scope="row">{s.step}</th>
                  <td>{formatNumber(curves.find((c) => askedLaneIdOf(c) === report.reference)?.losses[s.step - 1], 6)}</td>
                  <td data-testid={`parity-diff-${s.step}`}>{parityPercent(s.maxRelativeDiff, tr)}</td>
                  <td>{s.worst ? t.say(laneIdMessage(s.worst)) : '–'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
