import { useMemo } from 'react';
import type { BackendAvailability } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { crossoverSentence, matmulCrossovers, softwareCrossoverMessage } from '../../share/crossover';
import { formatNumber } from '../../share/format';
import { markedBackend, softwareMapOf } from '../../share/softwareGpu';
import { SoftwareGpuNote } from '../components/SoftwareGpuNote';
import { Say } from '../i18n/Say';
import { useT } from '../i18n/useT';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { backendColor } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';
import { SweepChart, type SweepMarker } from './SweepChart';
import { pivotAxes, seriesByBackend } from './sweepSeries';

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
  /** This browser's backends: a software GPU's curve is no GPU/CPU crossover, and is said so. */
  backends: readonly BackendAvailability[] | null;
}

/** Test ids of the panel's job controls and chart (not shown to people). */
const PREFIX = 'matmul';
const CHART_TEST_ID = 'matmul-chart';
const SWEEP_KEYS = ['matmulFrom', 'matmulTo', 'matmulWarmupRuns', 'matmulTimedRuns', 'sweepBudgetSeconds'] as const;

/** GFLOP/s of an n×n matrix multiply against n on each backend, log-log, with the GPU/CPU crossover marked. */
export function MatmulSweepPanel({ job, settings, values, blocked, run, backends }: Props) {
  const t = useT();
  const tr = t.translator;
  const points = useMemo(() => job?.matmulPoints ?? [], [job?.matmulPoints]);
  const series = useMemo(() => seriesByBackend(points, (p) => p.size, (p) => p.gflops, tr), [points, tr]);
  const crossovers = useMemo(() => matmulCrossovers(points), [points]);
  const software = useMemo(() => softwareMapOf(backends), [backends]);
  // A software GPU overtaking the CPU is one CPU implementation beating another: no crossover marker.
  const markers = useMemo<SweepMarker[]>(
    () =>
      crossovers.flatMap((c) =>
        c.size === null || software[c.gpu] ? [] : [{ x: c.size, label: tr.t('lab.matmul.overtakes', { backend: tr.t(`backend.${c.gpu}`) }), color: backendColor(c.gpu) }],
      ),
    [crossovers, tr, software],
  );
  const { values: swept, columns } = pivotAxes(points, (p) => p.size, (p) => p.backend);
  const gflops = t('lab.unit.gflops');
  const onRun = () => settings && run('matmulSweep', settings);
  const onCancel = () => labSession.cancel('matmulSweep');

  return (
    <section className="panel lab-panel" data-testid="matmul-panel">
      <h2>{t('lab.matmul.title')}</h2>
      <LabFields keys={SWEEP_KEYS} values={values} />
      <JobControls prefix={PREFIX} runLabel={t('lab.matmul.run')} job={job} blocked={blocked} onRun={onRun} onCancel={onCancel} />
      <SweepChart
        testId={CHART_TEST_ID}
        title={t('lab.matmul.chartTitle')}
        series={series}
        markers={markers}
        xLabel={t('lab.matmul.xLabel')}
        yLabel={gflops}
        yUnit={gflops}
        emptyText={t('lab.matmul.chartEmpty')}
      />
      {columns.some((b) => software[b]) && <SoftwareGpuNote backends={backends} testId="matmul-software-gpu-note" />}
      <div data-testid="matmul-crossover" className="lab-explain">
        {crossovers.map((c) => {
          const onCpu = software[c.gpu];
          return (
            <p key={c.gpu} data-testid={`matmul-crossover-${c.gpu}`}>
              {onCpu ? <Say message={softwareCrossoverMessage(c, onCpu)} /> : crossoverSentence(c, tr)}
            </p>
          );
        })}
      </div>
      <p className="lab-note">
        {t('lab.matmul.note', { timed: values.matmulTimedRuns ?? '', warmup: values.matmulWarmupRuns ?? '', budget: values.sweepBudgetSeconds ?? '' })}
      </p>
      {points.length > 0 && (
        <table className="lab-table" data-testid="matmul-table">
          <thead>
            <tr>
              <th>{t('lab.matmul.size')}</th>
              {columns.map((b) => (
                <th key={b}>{t('lab.matmul.column', { backend: markedBackend(b, software[b] !== undefined, tr) })}</th>
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
                      {p ? t('lab.matmul.cell', { gflops: formatNumber(p.gflops), ms: formatNumber(p.medianMs) }) : '–'}
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
