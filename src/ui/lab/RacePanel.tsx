import { useMemo, type ReactNode } from 'react';
import type { BackendAvailability } from '../../config/backends';
import { askedLaneIdOf, laneIdOf, laneOf, type LaneId } from '../../config/lanes';
import type { LabJobState } from '../../engine/protocol/labJobState';
import type { MessageId, Translator } from '../../i18n/translator';
import { engineGap, engineGapMessage } from '../../share/engineGap';
import { formatNumber } from '../../share/format';
import { isIsolated, isolationNote } from '../../share/isolation';
import { markedLane } from '../../share/laneNames';
import { markedRatio, softwareMapOf, type SoftwareMap } from '../../share/softwareGpu';
import { withSpeedUps, type RankedRaceRow } from '../../share/speedUps';
import { SoftwareGpuNote } from '../components/SoftwareGpuNote';
import { isolationState } from '../hosting/isolationGate';
import { useT } from '../i18n/useT';
import { BarChart, type Bar } from './BarChart';
import { JobControls } from './JobControls';
import { formatMb, formatMs, formatSpeedUp, laneColor, modelText } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';
import { Say } from '../i18n/Say';

/** Test ids of the panel's job controls and chart (not shown to people). */
const PREFIX = 'race';
const CHART_TEST_ID = 'race-chart';

/** Table columns: test-id suffix, heading's message id, cell text (a software GPU's speed-ups said to be CPU vs CPU). */
const COLUMNS: [id: string, heading: MessageId, cell: (r: RankedRaceRow, t: Translator, software: boolean) => string][] = [
  ['first-step', 'lab.race.firstStep', (r, t) => formatMs(r.firstStepMs, t)],
  ['median', 'lab.race.median', (r, t) => formatMs(r.medianStepMs, t)],
  ['p90', 'lab.race.p90', (r, t) => formatMs(r.p90StepMs, t)],
  ['min', 'lab.race.min', (r, t) => formatMs(r.minStepMs, t)],
  ['max', 'lab.race.max', (r, t) => formatMs(r.maxStepMs, t)],
  ['examples-per-sec', 'lab.race.examplesPerSec', (r) => formatNumber(r.examplesPerSec)],
  ['gflops', 'lab.race.gflops', (r) => formatNumber(r.gflops)],
  ['peak-memory', 'lab.race.peakMemory', (r, t) => (r.gpuBytes === null ? formatMb(r.peakBytes, t) : t.t('lab.race.peakWithGpu', { peak: formatMb(r.peakBytes, t), gpu: formatMb(r.gpuBytes, t) }))],
  ['speedup', 'lab.race.speedUpCpu', (r, t, software) => markedRatio(formatSpeedUp(r.speedUpVsCpu), software && r.speedUpVsCpu !== null, t)],
  ['speedup-wasm', 'lab.race.speedUpWasm', (r, t, software) => markedRatio(formatSpeedUp(r.speedUpVsWasm), software && r.speedUpVsWasm !== null, t)],
];

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
  /** The lanes of the race shown (the latest one started, from here or from a shared link): its backends, WebGPU once per engine asked for. */
  raced: readonly LaneId[];
  /** Shown under the table (share and export). */
  extra?: ReactNode;
  /** This browser's backends: a software GPU's rows are marked as the CPU they ran on. */
  backends: readonly BackendAvailability[] | null;
}

function barNote(r: RankedRaceRow, t: Translator, software: boolean): string {
  const parts = [
    r.speedUpVsCpu === null ? null : t.t('lab.race.noteCpu', { speedUp: markedRatio(formatSpeedUp(r.speedUpVsCpu), software, t) }),
    r.speedUpVsWasm === null ? null : t.t('lab.race.noteWasm', { speedUp: markedRatio(formatSpeedUp(r.speedUpVsWasm), software, t) }),
  ];
  const known = parts.filter((p): p is string => p !== null);
  return known.length ? known.join(t.t('lab.list.separator')) : t.t('lab.race.noteNoCpu');
}

/**
 * One click: the same workload on every chosen backend in turn, WebGPU once per engine asked for (a
 * lane each, named by its engine); bars and table fill in as each finishes, and a sentence under them
 * splits a WebGPU step into hardware and software when both engines ran.
 */
export function RacePanel({ job, settings, blocked, run, raced, extra, backends }: Props) {
  const t = useT();
  const tr = t.translator;
  const rows = useMemo(() => withSpeedUps(job?.raceRows ?? []), [job?.raceRows]);
  const software = useMemo<SoftwareMap>(() => softwareMapOf(backends), [backends]);
  const isSoftware = (lane: LaneId) => software[laneOf(lane).backend] !== undefined;
  // "(1 thread)" on this page says why and what to do, as the device report does.
  const oneThreadHere = !isIsolated(isolationState()) && rows.some((row) => row.threads === 1);
  const bars = useMemo<Bar[]>(
    () =>
      rows.map((r) => {
        const lane = askedLaneIdOf(r);
        const onCpu = software[r.backend] !== undefined;
        return { label: markedLane(laneOf(lane), onCpu, tr), value: r.examplesPerSec, color: laneColor(lane), note: barNote(r, tr, onCpu) };
      }),
    [rows, tr, software],
  );
  const gap = useMemo(() => engineGap(job?.raceRows ?? []), [job?.raceRows]);
  const first = rows[0];
  const onRun = () => settings && run('race', settings);
  const onCancel = () => labSession.cancel('race');

  return (
    <section className="panel lab-panel" data-testid="race-panel">
      <h2>{t('lab.race.title')}</h2>
      <JobControls prefix={PREFIX} runLabel={t('lab.race.run')} job={job} blocked={blocked} onRun={onRun} onCancel={onCancel} stopKey={laneIdOf} />
      {first && (
        <p className="lab-note">
          {t('lab.race.note', { model: modelText(first.modelLabel, tr), batch: first.batchSize, warmup: first.warmupSteps, measured: first.measuredSteps })}
        </p>
      )}
      {raced.some(isSoftware) && <SoftwareGpuNote backends={backends} testId="race-software-gpu-note" />}
      <BarChart testId={CHART_TEST_ID} title={t('lab.race.chartTitle')} bars={bars} yLabel={t('lab.unit.examplesPerSec')} emptyText={t('lab.race.chartEmpty')} />
      <table className="lab-table" data-testid="race-table">
        <thead>
          <tr>
            <th>{t('lab.race.backend')}</th>
            {COLUMNS.map(([id, heading]) => (
              <th key={id}>{t(heading)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {raced.map((lane) => {
            const row = rows.find((r) => askedLaneIdOf(r) === lane);
            const stop = job?.stops.find((s) => laneIdOf(s) === lane);
            return (
              <tr key={lane} data-testid={`race-row-${lane}`}>
                <th scope="row" style={{ color: laneColor(lane) }}>
                  <span data-testid={`race-backend-${lane}`}>{markedLane(laneOf(lane), isSoftware(lane), tr)}</span>
                  {row?.threads !== undefined && (
                    <span className="lab-threads" data-testid={`race-threads-${lane}`}>
                      {' '}
                      {row.xnnpackThreads === undefined ? t('lab.race.threads', { count: row.threads }) : t('lab.race.threadsBoth', { count: row.threads, xnnpack: row.xnnpackThreads })}
                    </span>
                  )}
                  {row?.engineNote && (
                    <small className="lab-engine-note" data-testid={`race-engine-note-${lane}`}>
                      <Say message={row.engineNote} />
                    </small>
                  )}
                </th>
                {row ? (
                  COLUMNS.map(([id, , cell]) => (
                    <td key={id} data-testid={`race-cell-${lane}-${id}`} className={id.startsWith('speedup') ? 'lab-speedup' : undefined}>
                      {cell(row, tr, isSoftware(lane))}
                    </td>
                  ))
                ) : (
                  <td colSpan={COLUMNS.length} className="lab-pending">
                    {stop ? <Say message={stop.reason} /> : job?.status === 'running' || job?.status === 'queued' ? '…' : t('lab.race.notRun')}
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      {gap && (
        <p className="lab-engine-gap" data-testid="race-engine-gap">
          <Say message={engineGapMessage(gap, isSoftware('webgpu'))} />
        </p>
      )}
      {oneThreadHere && (
        <p className="share-note" data-testid="race-isolation-note">
          <Say message={isolationNote(isolationState())} />
        </p>
      )}
      {extra}
    </section>
  );
}
