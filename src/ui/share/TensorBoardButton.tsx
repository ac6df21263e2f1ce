import { useState, useSyncExternalStore } from 'react';
import { msg, MessageError } from '../../i18n/message';
import { useT } from '../i18n/useT';
import { SESSIONS, type TrainingKind } from '../session';
import { deviceNow } from './deviceSource';
import { downloadBlob } from './download';

/** Builds the run's log; the writer (protobuf, CRC) loads on first use, so the page's first JavaScript stays small. */
async function downloadLog(kind: TrainingKind): Promise<void> {
  const session = SESSIONS[kind];
  const { store } = session;
  const config = session.configOf(store.runId);
  if (!config) throw new MessageError(msg('share.tensorboard.noRun'));
  const [{ runLogOf }, { tensorboardFileName, tensorboardLog }] = await Promise.all([import('../../share/tensorboard/fromRun'), import('../../share/tensorboard/runLog')]);
  const { device, versions } = deviceNow();
  const log = runLogOf({ config, info: store.getSnapshot().info, metrics: store.metrics, evals: store.evals, histograms: store.histograms, priorCurves: store.priorCurves, startedAt: store.startedAt, device: { ...device, ...versions } });
  downloadBlob(tensorboardFileName(store.startedAt), new Blob([tensorboardLog(log)], { type: 'application/octet-stream' }));
}

/** "Download TensorBoard logs" of the view's run, running or ended, once it has a figure. */
export function TensorBoardButton({ kind }: { kind: TrainingKind }) {
  const t = useT();
  const { store } = SESSIONS[kind];
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const [error, setError] = useState<string | null>(null);
  const download = () => {
    setError(null);
    downloadLog(kind).catch((err: unknown) => setError(t('share.export.failed', { error: t.detail(err) })));
  };
  return (
    <div className="controls share-export">
      <button type="button" data-testid={`btn-tensorboard-${kind}`} disabled={snapshot.latest === null} onClick={download}>
        {t('share.tensorboard.download')}
      </button>
      <small className="share-note">{t('share.tensorboard.note')}</small>
      {error && (
        <span className="field-error" role="alert" data-testid={`tensorboard-error-${kind}`}>
          {error}
        </span>
      )}
    </div>
  );
}
