import { useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { formatNumber, formatPercent } from '../../share/format';
import { ownDataList } from '../ownData/ownDataList';
import { continueConfig, MODEL_FILE_EXTENSION, modelDetail, modelTitle } from '../../share/savedModels';
import { useT } from '../i18n/useT';
import { modelSession } from './modelSession';
import { Say } from '../i18n/Say';

/** The Train view's model panel: save / download / export the trained model, load one and evaluate or continue it. */
export function ModelPanel({ backend, busyTraining }: { backend: BackendName | null; busyTraining: boolean }) {
  const t = useT();
  const s = useSyncExternalStore(modelSession.subscribe, modelSession.getSnapshot);
  const working = s.busy !== null;
  const canUseKept = (s.kept === 'run' || s.kept === 'loaded') && !working && !busyTraining;
  const canContinue = s.loaded !== null && backend !== null && !busyTraining && continueConfig(s.loaded.header, backend, ownDataList.byId(s.loaded.header.config.dataset)) !== null;

  return (
    <section className="panel model-panel" data-testid="model-panel" aria-labelledby="model-panel-title">
      <h2 id="model-panel-title">{t('models.panel.title')}</h2>
      <p className="share-note" data-testid="model-kept">
        {t(s.kept === 'run' ? 'models.panel.keptRun' : s.kept === 'loaded' ? 'models.panel.keptLoaded' : 'models.panel.keptNone')}
      </p>
      <div className="controls">
        <button data-testid="btn-model-save" disabled={!canUseKept} onClick={() => void modelSession.saveToBrowser()}>
          {s.busy === 'save' ? t('models.panel.saving') : t('models.panel.save')}
        </button>
        <button data-testid="btn-model-download" disabled={!canUseKept} onClick={() => void modelSession.download()}>
          {s.busy === 'download' ? t('models.panel.preparing') : t('models.panel.download', { extension: MODEL_FILE_EXTENSION })}
        </button>
        <button data-testid="btn-model-export" disabled={!canUseKept} onClick={() => void modelSession.exportForTensorFlow()}>
          {s.busy === 'export' ? t('models.panel.exporting') : t('models.panel.export')}
        </button>
        <label className="file-pick">
          {t('models.panel.loadFile')}{' '}
          <input
            type="file"
            accept={MODEL_FILE_EXTENSION}
            data-testid="model-file-input"
            disabled={working}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void modelSession.loadFile(file);
            }}
          />
        </label>
      </div>
      {s.scope === 'cnn' && s.error && (
        <div className="error" role="alert" data-testid="model-error">
          <Say message={s.error} />
        </div>
      )}
      {s.scope === 'cnn' && s.note && (
        <p className="share-note" role="status" data-testid="model-note">
          <Say message={s.note} />
        </p>
      )}
      {s.loaded && (
        <div className="loaded-model" data-testid="loaded-model">
          <h3 data-testid="loaded-model-title">{modelTitle(s.loaded.header.config, t.translator)}</h3>
          <p data-testid="loaded-model-detail">
            {t.rich('models.panel.from', { detail: modelDetail(s.loaded.header, t.translator), source: <Say message={s.loaded.source} /> })}
          </p>
          <div className="controls">
            <button data-testid="btn-model-evaluate" disabled={working || busyTraining || backend === null} onClick={() => backend && void modelSession.evaluate(backend)}>
              {s.busy === 'evaluate' ? t('models.panel.evaluating') : t('models.panel.evaluate')}
            </button>
            <button data-testid="btn-model-continue" disabled={!canContinue || working} onClick={() => backend && modelSession.continueTraining(backend)}>
              {t('models.panel.continue')}
            </button>
          </div>
          {s.evaluation && (
            <p data-testid="loaded-model-eval">
              {t('models.panel.testAccuracy')} <strong data-testid="loaded-model-accuracy">{formatPercent(s.evaluation.point.testAccuracy)}</strong>
              {t('models.panel.evalDetail', { loss: formatNumber(s.evaluation.point.testLoss), examples: s.evaluation.point.examples, backend: s.evaluation.backend })}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
