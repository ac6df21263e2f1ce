import { useCallback, useMemo, useRef, useSyncExternalStore } from 'react';
import { availableNames, BACKEND_NAMES, firstAvailable, SINGLE_JOB_ORDER, type BackendName } from '../../config/backends';
import type { LabJobKind } from '../../config/jobs';
import { parseLabSettings, type LabSettings as LabValues } from '../../config/labConfig';
import { formatValue } from '../../config/schema';
import { useDevice } from '../device';
import { setFormValue, usePageSettings } from '../share/pageStore';
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

const RACE_CHARTS = [{ testId: 'race-chart', title: 'Race throughput' }];

/** The benchmark lab: device report, race, size and batch sweeps, anatomy of a step and kernel profile. */
export function LabView() {
  const rootRef = useRef<HTMLDivElement>(null);
  const snapshot = useSyncExternalStore(labSession.subscribe, labSession.getSnapshot);
  const device = useDevice();
  const values = usePageSettings().settings.lab;

  const readDevice = useCallback(() => void labSession.readDevice(), []);
  useFirstVisible(rootRef, readDevice);

  const { jobs } = snapshot;
  const backends = device.backends;
  const available = useMemo(() => availableNames(backends), [backends]);
  const { settings, errors } = useMemo(() => parseLabSettings(values), [values]);
  const valid = errors.length === 0 ? settings : null;
  const chosen = settings.backends.filter((b) => available.includes(b));

  const noBackends = backends === null ? 'Detecting backends…' : chosen.length === 0 ? 'Choose at least one backend above.' : null;
  const badSettings = valid ? null : `Fix the lab settings first: ${errors[0]?.message ?? ''}`;
  // Jobs run on the ticked backends this browser has; the settings keep the user's choice as it is.
  const run = (kind: LabJobKind, s: LabValues) => void labSession.start(kind, { ...s, backends: chosen });

  const toggleBackend = (name: BackendName, on: boolean) => {
    const next = on ? BACKEND_NAMES.filter((b) => b === name || chosen.includes(b)) : chosen.filter((b) => b !== name);
    setFormValue('lab', 'backends', formatValue(next), 'push');
  };
  const single = (key: 'anatomyBackend' | 'profileBackend'): BackendName | null =>
    available.includes(settings[key]) ? settings[key] : firstAvailable(SINGLE_JOB_ORDER, backends);
  const panel = (blocked: string | null): LabPanelProps => ({ settings: valid, values, blocked, run });

  return (
    <div className="lab" ref={rootRef} data-testid="lab-view">
      <DeviceReportPanel job={jobs.deviceReport} onRefresh={readDevice} onCancel={() => labSession.cancel('deviceReport')} />
      <LabSettings values={values} backends={backends} chosen={chosen} onToggleBackend={toggleBackend} />
      <RacePanel
        {...panel(noBackends ?? badSettings)}
        job={jobs.race}
        raced={snapshot.settings.race?.backends ?? []}
        extra={<RunShareBar kind="race" charts={RACE_CHARTS} chartScope='[data-testid="race-panel"]' />}
      />
      <ParityPanel {...panel(noBackends ?? badSettings)} job={jobs.parity} />
      <MatmulSweepPanel {...panel(noBackends ?? badSettings)} job={jobs.matmulSweep} />
      <BatchSweepPanel {...panel(noBackends ?? badSettings)} job={jobs.batchSweep} />
      <AnatomyPanel {...panel(backends ? badSettings : 'Detecting backends…')} job={jobs.anatomy} backend={single('anatomyBackend')} backends={backends} />
      <ProfilePanel {...panel(backends ? badSettings : 'Detecting backends…')} job={jobs.profile} backend={single('profileBackend')} backends={backends} />
    </div>
  );
}
