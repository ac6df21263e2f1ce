import { useState } from 'react';
import { BACKEND_LABELS, type BackendAvailability, type BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/lab/labJob';
import type { AnatomyResult, LabWorkload } from '../../engine/lab/labProtocol';
import { ANATOMY_DEFAULTS } from '../../engine/lab/labSettings';
import { formatBytes, formatPercent } from '../format';
import { BackendSelect, preferredBackend } from './BackendSelect';
import { JobControls } from './JobControls';
import { formatMs } from './labFormat';
import type { LabRequest } from './labSession';

const PHASES: [key: 'uploadMs' | 'computeMs' | 'readBackMs', id: string, label: string, color: string][] = [
  ['uploadMs', 'upload', 'Upload (host → device)', '#f59e0b'],
  ['computeMs', 'compute', 'Compute (forward + backward + Adam)', '#2563eb'],
  ['readBackMs', 'readback', 'Read-back (device → host)', '#dc2626'],
];
const MAX_EVERY_K = 1000;
const MAX_SYNC_STEPS = 10_000;

function wholeIn(text: string, min: number, max: number): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : null;
}

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

interface Props {
  job: LabJobState | undefined;
  running: boolean;
  blocked: string | null;
  available: BackendAvailability[] | null;
  workload: LabWorkload | null;
  onRun(request: LabRequest): void;
}

/** Where one training step's time goes: upload, compute, read-back; what syncing every step costs; kernel time. */
export function AnatomyPanel({ job, running, blocked, available, workload, onRun }: Props) {
  const [choice, setChoice] = useState<BackendName | null>(null);
  const [everyK, setEveryK] = useState(String(ANATOMY_DEFAULTS.everyK));
  const [syncSteps, setSyncSteps] = useState(String(ANATOMY_DEFAULTS.syncSteps));
  const backend = choice ?? preferredBackend(available);
  const k = wholeIn(everyK, 1, MAX_EVERY_K);
  const steps = wholeIn(syncSteps, 1, MAX_SYNC_STEPS);
  const invalid = k === null ? `k must be a whole number from 1 to ${MAX_EVERY_K}` : steps === null ? `steps must be a whole number from 1 to ${MAX_SYNC_STEPS}` : null;
  const result = job?.anatomy;
  const total = result ? result.uploadMs + result.computeMs + result.readBackMs : 0;

  const run = () => {
    if (workload && backend && k !== null && steps !== null) onRun({ type: 'anatomy', workload, backend, syncSteps: steps, everyK: k });
  };

  return (
    <section className="panel lab-panel" data-testid="anatomy-panel">
      <h2>Anatomy of a step</h2>
      <div className="settings">
        <BackendSelect prefix="anatomy" backends={available} value={backend} disabled={running} onChange={setChoice} />
        <label className={k === null ? 'setting invalid' : 'setting'}>
          <span>Sync every k steps</span>
          <input data-testid="anatomy-field-every-k" type="text" inputMode="numeric" value={everyK} disabled={running} onChange={(e) => setEveryK(e.target.value)} />
        </label>
        <label className={steps === null ? 'setting invalid' : 'setting'}>
          <span>Steps timed per sync mode</span>
          <input data-testid="anatomy-field-sync-steps" type="text" inputMode="numeric" value={syncSteps} disabled={running} onChange={(e) => setSyncSteps(e.target.value)} />
        </label>
      </div>
      <JobControls prefix="anatomy" runLabel="Dissect a step" job={job} running={running} blocked={blocked ?? invalid} onRun={run} />
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
