import { useState } from 'react';
import { BACKEND_LABELS, type BackendAvailability, type BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import type { AnatomyResult } from '../../engine/protocol/lab';
import { formatBytes, formatPercent } from '../../share/format';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { formatMs } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';

const PHASES: [key: 'uploadMs' | 'computeMs' | 'readBackMs', id: string, label: string, color: string][] = [
  ['uploadMs', 'upload', 'Upload (host → device)', '#f59e0b'],
  ['computeMs', 'compute', 'Compute (forward + backward + Adam)', '#2563eb'],
  ['readBackMs', 'readback', 'Read-back (device → host)', '#dc2626'],
];

function Big({ id, label, value, note }: { id: string; label: string; value: string; note?: string }) {
  return (
    <div className="stat lab-big">
      <span className="stat-label">{label}</span>
      <span className="stat-value" data-testid={`anatomy-${id}`}>
        {value}
      </span>
      {note && <small>{note}</small>}
    </div>
  );
}

function SyncToggle({ result }: { result: AnatomyResult }) {
  const [everyStep, setEveryStep] = useState(true);
  const { syncEveryStepMs, syncEveryKMs, everyK, steps } = result.sync;
  const extra = syncEveryStepMs / syncEveryKMs - 1;
  return (
    <div className="lab-sync" data-testid="anatomy-sync">
      <h3>Syncing costs time: read the loss back every step, or every {everyK}?</h3>
      <div className="controls" role="radiogroup">
        <label>
          <input type="radio" name="anatomy-sync" data-testid="anatomy-sync-every-step" checked={everyStep} onChange={() => setEveryStep(true)} /> every step
        </label>
        <label>
          <input type="radio" name="anatomy-sync" data-testid="anatomy-sync-every-k" checked={!everyStep} onChange={() => setEveryStep(false)} /> every {everyK} steps
        </label>
      </div>
      <Big id="sync-ms" label={`Measured time per step, ${steps} steps, syncing ${everyStep ? 'every step' : `every ${everyK} steps`}`} value={formatMs(everyStep ? syncEveryStepMs : syncEveryKMs)} />
      <p data-testid="anatomy-sync-compare">
        Measured: syncing every step took {formatMs(syncEveryStepMs)} per step, every {everyK} steps {formatMs(syncEveryKMs)} per step —{' '}
        {extra >= 0 ? `${formatPercent(extra)} more time per step when the device must stop and report after each step.` : `no saving here (${formatPercent(-extra)} less): this backend gains nothing from queuing steps.`}
      </p>
    </div>
  );
}

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
  /** The backend it will dissect: the chosen one, or the first this browser has. */
  backend: BackendName | null;
  backends: BackendAvailability[] | null;
}

/** Where one training step's time goes: upload, compute, read-back; what syncing every step costs; kernel time. */
export function AnatomyPanel({ job, settings, values, blocked, run, backend, backends }: Props) {
  const result = job?.anatomy;
  const total = result ? result.uploadMs + result.computeMs + result.readBackMs : 0;
  const start = () => {
    if (settings && backend) run('anatomy', { ...settings, anatomyBackend: backend });
  };

  return (
    <section className="panel lab-panel" data-testid="anatomy-panel">
      <h2>Anatomy of a step</h2>
      <LabFields keys={['anatomyBackend', 'everyK', 'syncSteps']} values={{ ...values, anatomyBackend: backend ?? values.anatomyBackend }} backends={backends} />
      <JobControls prefix="anatomy" runLabel="Dissect a step" job={job} blocked={blocked ?? (backend ? null : 'No backend available')} onRun={start} onCancel={() => labSession.cancel('anatomy')} />
      {result && (
        <>
          <p className="lab-note">
            {result.modelLabel}, batch {result.batchSize} on {BACKEND_LABELS[result.backend]}: medians of {result.runs} runs. Upload moves {formatBytes(result.uploadBytes)}, read-back{' '}
            {formatBytes(result.readBackBytes)}; a bare one-value sync costs {formatMs(result.syncFloorMs)}.
          </p>
          <div className="stats">
            {PHASES.map(([key, id, label]) => (
              <Big key={id} id={`${id}-ms`} label={label} value={formatMs(result[key])} note={total > 0 ? formatPercent(result[key] / total) : undefined} />
            ))}
            <Big id="kernel-ms" label="Kernel time (tf.time)" value={result.kernelMs === null ? 'unavailable on this device' : formatMs(result.kernelMs)} note={result.kernelTiming.note} />
          </div>
          <div className="lab-split" data-testid="anatomy-split">
            {PHASES.map(([key, id, label, color]) => (
              <span key={id} title={label} style={{ width: `${total > 0 ? (100 * result[key]) / total : 0}%`, background: color }} />
            ))}
          </div>
          <SyncToggle result={result} />
        </>
      )}
    </section>
  );
}
