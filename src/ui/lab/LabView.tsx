import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { availableNames, BACKEND_NAMES, backendToUse, SINGLE_JOB_ORDER, type BackendName } from '../../config/backends';
import { raceLanes } from '../../config/gpuEngines';
import type { LabJobKind } from '../../config/jobs';
import { laneIdOf } from '../../config/lanes';
import { parseLabSettings, type LabSettings as LabValues } from '../../config/labConfig';
import { formatValue } from '../../config/schema';
import { carriedByLink } from '../../share/settingsStore';
import { backendChoices, wasChosen } from '../components/backendChoices';
import { useDevice } from '../device';
import { LessonPanel } from '../lessons/LessonPanel';
import { usePanels } from '../lessons/lessonStore';
import { registerViewActions } from '../present/shortcuts';
import { useT } from '../i18n/useT';
import { setFormValue, settingsStore, usePageSettings } from '../share/pageStore';
import { RunShareBar } from '../share/RunShareBar';
import { AnatomyPanel } from './AnatomyPanel';
import { BatchSweepPanel } from './BatchSweepPanel';
import { DeviceReportPanel } from './DeviceReportPanel';
import './lab.css';
import type { LabPanelProps } from './labPanel';
import { labSession } from './labSession';
import { LabSettings } from './LabSettings';
import { MatmulSweepPanel } from './MatmulSweepPanel';
import { ParityPanel } from './ParityPanel';
import { ProfilePanel } from './ProfilePanel';
import { RacePanel } from './RacePanel';
import { useFirstVisible } from './useFirstVisible';

/** The view, the share bar's kind and where it finds the race chart (not shown to people). */
const VIEW = 'lab';
const RACE_SHARE_KIND = 'race';
const RACE_CHART_SCOPE = '[data-testid="race-panel"]';
const cancelDeviceReport = () => labSession.cancel('deviceReport');

/** Which job Space runs (or stops) in presentation mode: the first of these whose panel is on screen. */
const SPACE_JOBS = [
  ['race', 'race'],
  ['matmul', 'matmulSweep'],
  ['batch', 'batchSweep'],
  ['parity', 'parity'],
  ['anatomy', 'anatomy'],
  ['profile', 'profile'],
] as const satisfies readonly (readonly [string, LabJobKind])[];

/** The benchmark lab: device report, race, size and batch sweeps, anatomy of a step and kernel profile. */
export function LabView() {
  const rootRef = useRef<HTMLDivElement>(null);
  const snapshot = useSyncExternalStore(labSession.subscribe, labSession.getSnapshot);
  const device = useDevice();
  const pageSettings = usePageSettings();
  const values = pageSettings.settings.lab;
  // Redraws when a backend select is picked again with the value it holds (a choice, not the default).
  useSyncExternalStore(backendChoices.subscribe, backendChoices.getSnapshot);
  const t = useT();
  const raceCharts = useMemo(() => [{ testId: 'race-chart', title: t('lab.race.shareChart') }], [t]);
  const raced = snapshot.settings.race;
  const racedLanes = useMemo(() => (raced ? raceLanes(raced.backends, raced.webgpuEngines).map(laneIdOf) : []), [raced]);

  const readDevice = useCallback(() => void labSession.readDevice(), []);
  // The lab reads the device the first time it is seen, unless the page opened a shared result: then
  // "Run on this device" must start at once, not wait behind a report nobody asked for. The
  // comparison still gets this device's report: the run recorder asks for it after the run here.
  const readDeviceOnFirstView = useCallback(() => {
    if (settingsStore.getSnapshot().resultPayload === null) labSession.readDevice();
  }, []);
  useFirstVisible(rootRef, readDeviceOnFirstView);

  const { jobs } = snapshot;
  const backends = device.backends;
  const available = useMemo(() => availableNames(backends), [backends]);
  const { settings, errors } = useMemo(() => parseLabSettings(values), [values]);
  const valid = errors.length === 0 ? settings : null;
  const chosen = settings.backends.filter((b) => available.includes(b));

  const detecting = t('lab.detecting');
  const noBackends = backends === null ? detecting : chosen.length === 0 ? t('lab.blocked.chooseBackend') : null;
  const badSettings = valid || !errors[0] ? null : t('lab.blocked.fixSettings', { error: t.say(errors[0].message) });
  // Jobs run on the ticked backends this browser has; the settings keep the user's choice as it is.
  const run = (kind: LabJobKind, s: LabValues) => void labSession.start(kind, { ...s, backends: chosen });

  const toggleBackend = (name: BackendName, on: boolean) => {
    const next = on ? BACKEND_NAMES.filter((b) => b === name || chosen.includes(b)) : chosen.filter((b) => b !== name);
    setFormValue('lab', 'backends', formatValue(next), 'push');
  };
  // The chosen backend where it runs here; in its place (and in place of a software GPU nobody chose) the first here, GPU first.
  const single = (key: 'anatomyBackend' | 'profileBackend'): BackendName | null => {
    const chosenHere = carriedByLink(pageSettings, 'lab', key) || wasChosen(`lab.${key}`, settings[key]);
    const backend = backendToUse(settings[key], chosenHere, backends, SINGLE_JOB_ORDER);
    return available.includes(backend) ? backend : null;
  };
  const panel = (blocked: string | null): LabPanelProps => ({ settings: valid, values, blocked, run });

  const anatomyBackend = single('anatomyBackend');
  const profileBackend = single('profileBackend');

  const show = usePanels('lab');
  const spaceJob = SPACE_JOBS.find(([id]) => show(id))?.[1] ?? null;
  const spaceBlocked = spaceJob === 'anatomy' || spaceJob === 'profile' ? (backends ? badSettings : detecting) : (noBackends ?? badSettings);
  useEffect(() => {
    const toggle = () => {
      if (!spaceJob) return;
      const job = jobs[spaceJob];
      if (job && (job.status === 'queued' || job.status === 'running')) return labSession.cancel(spaceJob);
      if (spaceBlocked || !valid) return;
      const backend = spaceJob === 'anatomy' ? single('anatomyBackend') : spaceJob === 'profile' ? single('profileBackend') : null;
      if ((spaceJob === 'anatomy' || spaceJob === 'profile') && !backend) return;
      const key = spaceJob === 'anatomy' ? 'anatomyBackend' : 'profileBackend';
      run(spaceJob, backend ? { ...valid, [key]: backend } : valid);
    };
    return registerViewActions('lab', { toggle });
  });

  return (
    <div className="lab" ref={rootRef} data-testid="lab-view">
      <LessonPanel view={VIEW} id="device">
        <DeviceReportPanel job={jobs.deviceReport} onRefresh={readDevice} onCancel={cancelDeviceReport} />
      </LessonPanel>
      <LessonPanel view={VIEW} id="settings">
        <LabSettings values={values} backends={backends} chosen={chosen} onToggleBackend={toggleBackend} />
      </LessonPanel>
      <LessonPanel view={VIEW} id="race">
        <RacePanel
          {...panel(noBackends ?? badSettings)}
          job={jobs.race}
          raced={racedLanes}
          backends={backends}
          extra={<RunShareBar kind={RACE_SHARE_KIND} charts={raceCharts} chartScope={RACE_CHART_SCOPE} />}
        />
      </LessonPanel>
      <LessonPanel view={VIEW} id="parity">
        <ParityPanel {...panel(noBackends ?? badSettings)} job={jobs.parity} />
      </LessonPanel>
      <LessonPanel view={VIEW} id="matmul">
        <MatmulSweepPanel {...panel(noBackends ?? badSettings)} job={jobs.matmulSweep} backends={backends} />
      </LessonPanel>
      <LessonPanel view={VIEW} id="batch">
        <BatchSweepPanel {...panel(noBackends ?? badSettings)} job={jobs.batchSweep} />
      </LessonPanel>
      <LessonPanel view={VIEW} id="anatomy">
        <AnatomyPanel {...panel(backends ? badSettings : detecting)} job={jobs.anatomy} backend={anatomyBackend} backends={backends} />
      </LessonPanel>
      <LessonPanel view={VIEW} id="profile">
        <ProfilePanel {...panel(backends ? badSettings : detecting)} job={jobs.profile} backend={profileBackend} backends={backends} />
      </LessonPanel>
    </div>
  );
}
