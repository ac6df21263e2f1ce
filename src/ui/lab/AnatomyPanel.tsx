import type { ReactNode } from 'react';
import { useState } from 'react';
import type { BackendAvailability, BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import type { AnatomyResult } from '../../engine/protocol/lab';
import type { MessageId } from '../../i18n/translator';
import { formatBytes, formatPercent } from '../../share/format';
import { useT } from '../i18n/useT';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { formatMs, modelText } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';
import { Say } from '../i18n/Say';

const PHASES: [key: 'uploadMs' | 'computeMs' | 'readBackMs', id: string, label: MessageId, color: string][] = [
  ['uploadMs', 'upload', 'lab.anatomy.upload', '#f59e0b'],
  ['computeMs', 'compute', 'lab.anatomy.compute', '#2563eb'],
  ['readBackMs', 'readback', 'lab.anatomy.readback', '#dc2626'],
];

/** The panel's settings and test-id prefix (not shown to people). */
const KEYS = ['anatomyBackend', 'everyK', 'syncSteps'] as const;
const PREFIX = 'anatomy';

function Big({ id, label, value, note }: { id: string; label: string; value: string; note?: ReactNode }) {
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
  const t = useT();
  const tr = t.translator;
  const [everyStep, setEveryStep] = useState(true);
  const { syncEveryStepMs, syncEveryKMs, everyK, steps } = result.sync;
  const extra = syncEveryStepMs / syncEveryKMs - 1;
  const how = everyStep ? t('lab.anatomy.everyStep') : t('lab.anatomy.everyK', { k: everyK });
  const verdict = extra >= 0 ? t('lab.anatomy.syncCosts', { percent: formatPercent(extra) }) : t('lab.anatomy.syncSavesNothing', { percent: formatPercent(-extra) });
  return (
    <div className="lab-sync" data-testid="anatomy-sync">
      <h3>{t('lab.anatomy.syncTitle', { k: everyK })}</h3>
      <div className="controls" role="radiogroup">
        <label>
          <input type="radio" name="anatomy-sync" data-testid="anatomy-sync-every-step" checked={everyStep} onChange={() => setEveryStep(true)} /> {t('lab.anatomy.everyStep')}
        </label>
        <label>
          <input type="radio" name="anatomy-sync" data-testid="anatomy-sync-every-k" checked={!everyStep} onChange={() => setEveryStep(false)} /> {t('lab.anatomy.everyK', { k: everyK })}
        </label>
      </div>
      <Big id="sync-ms" label={t('lab.anatomy.syncMeasured', { steps, how })} value={formatMs(everyStep ? syncEveryStepMs : syncEveryKMs, tr)} />
      <p data-testid="anatomy-sync-compare">
        {t('lab.anatomy.syncCompare', { everyStep: formatMs(syncEveryStepMs, tr), k: everyK, everyK: formatMs(syncEveryKMs, tr), verdict })}
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
  const t = useT();
  const tr = t.translator;
  const result = job?.anatomy;
  const total = result ? result.uploadMs + result.computeMs + result.readBackMs : 0;
  const start = () => {
    if (settings && backend) run('anatomy', { ...settings, anatomyBackend: backend });
  };
  const onCancel = () => labSession.cancel('anatomy');

  return (
    <section className="panel lab-panel" data-testid="anatomy-panel">
      <h2>{t('lab.anatomy.title')}</h2>
      <LabFields keys={KEYS} values={{ ...values, anatomyBackend: backend ?? values.anatomyBackend }} backends={backends} />
      <JobControls
        prefix={PREFIX}
        runLabel={t('lab.anatomy.run')}
        job={job}
        blocked={blocked ?? (backend ? null : t('lab.blocked.noBackend'))}
        onRun={start}
        onCancel={onCancel}
      />
      {result && (
        <>
          <p className="lab-note">
            {t('lab.anatomy.note', {
              model: modelText(result.modelLabel, tr),
              batch: result.batchSize,
              backend: t.backend(result.backend),
              runs: result.runs,
              upload: formatBytes(result.uploadBytes),
              readBack: formatBytes(result.readBackBytes),
              sync: formatMs(result.syncFloorMs, tr),
            })}
          </p>
          <div className="stats">
            {PHASES.map(([key, id, label]) => (
              <Big key={id} id={`${id}-ms`} label={t(label)} value={formatMs(result[key], tr)} note={total > 0 ? formatPercent(result[key] / total) : undefined} />
            ))}
            <Big
              id="kernel-ms"
              label={t('lab.anatomy.kernelTime')}
              value={result.kernelMs === null ? t('lab.value.unavailableHere') : formatMs(result.kernelMs, tr)}
              note={<Say message={result.kernelTiming.note} />}
            />
          </div>
          <div className="lab-split" data-testid="anatomy-split">
            {PHASES.map(([key, id, label, color]) => (
              <span key={id} title={t(label)} style={{ width: `${total > 0 ? (100 * result[key]) / total : 0}%`, background: color }} />
            ))}
          </div>
          <SyncToggle result={result} />
        </>
      )}
    </section>
  );
}
