import { useCallback, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import type { LabJobKind } from '../../engine/lab/labProtocol';
import { defaultLabWorkload, LAB_SETTING_KEYS, parseLabWorkload } from '../../engine/lab/labSettings';
import { AnatomyPanel } from './AnatomyPanel';
import { BatchSweepPanel } from './BatchSweepPanel';
import { DeviceReportPanel } from './DeviceReportPanel';
import './lab.css';
import { labSession, type LabRequest } from './labSession';
import { LabSettings, type LabRawValues } from './LabSettings';
import { MatmulSweepPanel } from './MatmulSweepPanel';
import { ProfilePanel } from './ProfilePanel';
import { RacePanel } from './RacePanel';
import { useFirstVisible } from './useFirstVisible';

/** Raced and swept by default when available; wasm is opt-in (tfjs-wasm 4.22 cannot train a CNN). */
const DEFAULT_RACE_BACKENDS: BackendName[] = ['cpu', 'webgl', 'webgpu'];
const JOB_NAMES: Record<LabJobKind, string> = {
  deviceReport: 'the device report',
  race: 'the race',
  matmulSweep: 'the size sweep',
  batchSweep: 'the batch sweep',
  anatomy: 'the anatomy',
  profile: 'the profile',
};

function initialValues(): LabRawValues {
  const defaults = defaultLabWorkload();
  return Object.fromEntries(LAB_SETTING_KEYS.map((k) => [k, String(defaults[k])])) as LabRawValues;
}

/** The benchmark lab: device report, race, size and batch sweeps, anatomy of a step and kernel profile. */
export function LabView() {
  const rootRef = useRef<HTMLDivElement>(null);
  const snapshot = useSyncExternalStore(labSession.subscribe, labSession.getSnapshot);
  const [values, setValues] = useState<LabRawValues>(initialValues);
  const [picked, setPicked] = useState<BackendName[] | null>(null);

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
        onChange={(key, value) => setValues((v) => ({ ...v, [key]: value }))}
        onToggleBackend={toggleBackend}
      />
      <RacePanel
        job={jobs.race}
        running={running === 'race'}
        blocked={busy ?? noBackends ?? badSettings}
        backends={chosen}
        onRun={() => validWorkload && run({ type: 'race', workload: validWorkload, backends: chosen })}
      />
      <MatmulSweepPanel job={jobs.matmulSweep} running={running === 'matmulSweep'} blocked={busy ?? noBackends} backends={chosen} onRun={run} />
      <BatchSweepPanel job={jobs.batchSweep} running={running === 'batchSweep'} blocked={busy ?? noBackends ?? badSettings} backends={chosen} workload={validWorkload} onRun={run} />
      <AnatomyPanel job={jobs.anatomy} running={running === 'anatomy'} blocked={busy ?? (backends ? badSettings : 'Detecting backends…')} available={backends} workload={validWorkload} onRun={run} />
      <ProfilePanel job={jobs.profile} running={running === 'profile'} blocked={busy ?? (backends ? badSettings : 'Detecting backends…')} available={backends} workload={validWorkload} onRun={run} />
    </div>
  );
}
