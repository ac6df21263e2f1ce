import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import type { LabJobKind } from '../../engine/lab/labProtocol';
import { parseLabWorkload } from '../../engine/lab/labSettings';
import { DEFAULT_RACE_BACKENDS } from '../share/pageSettings';
import { settingsStore, usePageSettings } from '../share/pageStore';
import { RunShareBar } from '../share/RunShareBar';
import { AnatomyPanel } from './AnatomyPanel';
import { BatchSweepPanel } from './BatchSweepPanel';
import { DeviceReportPanel } from './DeviceReportPanel';
import './lab.css';
import { labSession, type LabRequest } from './labSession';
import { LabSettings } from './LabSettings';
import { MatmulSweepPanel } from './MatmulSweepPanel';
import { ProfilePanel } from './ProfilePanel';
import { RacePanel } from './RacePanel';
import { useFirstVisible } from './useFirstVisible';

const JOB_NAMES: Record<LabJobKind, string> = {
  deviceReport: 'the device report',
  race: 'the race',
  matmulSweep: 'the size sweep',
  batchSweep: 'the batch sweep',
  anatomy: 'the anatomy',
  profile: 'the profile',
};

const RACE_CHARTS = [{ testId: 'race-chart', title: 'Race throughput' }];
const setPicked = (raceBackends: BackendName[]) => settingsStore.update((s) => ({ ...s, raceBackends }), 'push');

/** The benchmark lab: device report, race, size and batch sweeps, anatomy of a step and kernel profile. */
export function LabView() {
  const rootRef = useRef<HTMLDivElement>(null);
  const snapshot = useSyncExternalStore(labSession.subscribe, labSession.getSnapshot);
  const { lab: values, raceBackends: picked } = usePageSettings().settings;

  const readDevice = useCallback(() => void labSession.start({ type: 'deviceReport' }), []);
  useFirstVisible(rootRef, readDevice);

  const { backends, jobs, running } = snapshot;
  const availableNames = useMemo(() => (backends ?? []).filter((b) => b.available).map((b) => b.name), [backends]);
  const chosen = (picked ?? DEFAULT_RACE_BACKENDS).filter((b) => availableNames.includes(b));
  const { workload, errors } = useMemo(() => parseLabWorkload(values), [values]);
  const validWorkload = errors.length === 0 ? workload : null;

  const busy = running ? `Wait for ${JOB_NAMES[running]} to finish, or cancel it.` : null;
  const noBackends = backends === null ? 'Detecting backends…' : chosen.length === 0 ? 'Choose at least one backend above.' : null;
  const badSettings = validWorkload ? null : 'Fix the workload settings above.';
  const run = (request: LabRequest) => void labSession.start(request);

  const toggleBackend = (name: BackendName, on: boolean) => setPicked(on ? [...new Set([...chosen, name])] : chosen.filter((b) => b !== name));

  return (
    <div className="lab" ref={rootRef} data-testid="lab-view">
      <DeviceReportPanel job={jobs.deviceReport} running={running === 'deviceReport'} blocked={busy} onRefresh={readDevice} />
      <LabSettings
        values={values}
        backends={backends}
        chosen={chosen}
        disabled={running !== null}
        onChange={(key, value) => settingsStore.update((s) => ({ ...s, lab: { ...s.lab, [key]: value } }))}
        onToggleBackend={toggleBackend}
      />
      <RacePanel
        job={jobs.race}
        running={running === 'race'}
        blocked={busy ?? noBackends ?? badSettings}
        raced={snapshot.requests.race?.type === 'race' ? snapshot.requests.race.backends : []}
        onRun={() => validWorkload && run({ type: 'race', workload: validWorkload, backends: chosen })}
        extra={<RunShareBar kind="race" charts={RACE_CHARTS} chartScope='[data-testid="race-panel"]' />}
      />
      <MatmulSweepPanel job={jobs.matmulSweep} running={running === 'matmulSweep'} blocked={busy ?? noBackends} backends={chosen} onRun={run} />
      <BatchSweepPanel job={jobs.batchSweep} running={running === 'batchSweep'} blocked={busy ?? noBackends ?? badSettings} backends={chosen} workload={validWorkload} onRun={run} />
      <AnatomyPanel job={jobs.anatomy} running={running === 'anatomy'} blocked={busy ?? (backends ? badSettings : 'Detecting backends…')} available={backends} workload={validWorkload} onRun={run} />
      <ProfilePanel job={jobs.profile} running={running === 'profile'} blocked={busy ?? (backends ? badSettings : 'Detecting backends…')} available={backends} workload={validWorkload} onRun={run} />
    </div>
  );
}
