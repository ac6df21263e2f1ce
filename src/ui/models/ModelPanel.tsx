import { useSyncExternalStore } from 'react';
import type { BackendName } from '../../config/backends';
import { formatNumber, formatPercent } from '../../share/format';
import { continueConfig, MODEL_FILE_EXTENSION, modelDetail, modelTitle } from '../../share/savedModels';
import { modelSession } from './modelSession';

/** The Train view's model panel: save / download / export the trained model, load one and evaluate or continue it. */
export function ModelPanel({ backend, busyTraining }: { backend: BackendName | null; busyTraining: boolean }) {
  const s = useSyncExternalStore(modelSession.subscribe, modelSession.getSnapshot);
  const working = s.busy !== null;
  const canUseKept = (s.kept === 'run' || s.kept === 'loaded') && !working && !busyTraining;
  const canContinue = s.loaded !== null && backend !== null && !busyTraining && continueConfig(s.loaded.header, backend) !== null;

  return (
    <section className="panel model-panel" data-testid="model-panel" aria-labelledby="model-panel-title">
      <h2 id="model-panel-title">Trained model</h2>
      <p className="share-note" data-testid="model-kept">
        {s.kept === 'run' ? 'The last CNN run is ready to save or export.' : s.kept === 'loaded' ? 'The loaded model is ready to save or export.' : 'Train a CNN (or load and evaluate a saved model) to save or export it.'}
      </p>
      <div className="controls">
        <button data-testid="btn-model-save" disabled={!canUseKept} onClick={() => void modelSession.saveToBrowser()}>
          {s.busy === 'save' ? 'Saving…' : 'Save model in this browser'}
        </button>
        <button data-testid="btn-model-download" disabled={!canUseKept} onClick={() => void modelSession.download()}>
          {s.busy === 'download' ? 'Preparing…' : `Download model (${MODEL_FILE_EXTENSION})`}
        </button>
        <button data-testid="btn-model-export" disabled={!canUseKept} onClick={() => void modelSession.exportForTensorFlow()}>
          {s.busy === 'export' ? 'Exporting…' : 'Export for TensorFlow'}
        </button>
        <label className="file-pick">
          Load a saved model{' '}
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
      {s.error && (
        <div className="error" role="alert" data-testid="model-error">
          {s.error}
        </div>
      )}
      {s.note && (
        <p className="share-note" role="status" data-testid="model-note">
          {s.note}
        </p>
      )}
      {s.loaded && (
        <div className="loaded-model" data-testid="loaded-model">
          <h3 data-testid="loaded-model-title">{modelTitle(s.loaded.header.config)}</h3>
          <p data-testid="loaded-model-detail">
            {modelDetail(s.loaded.header)} · from {s.loaded.source}
          </p>
          <div className="controls">
            <button data-testid="btn-model-evaluate" disabled={working || busyTraining || backend === null} onClick={() => backend && void modelSession.evaluate(backend)}>
              {s.busy === 'evaluate' ? 'Evaluating…' : 'Evaluate on the test split'}
            </button>
            <button data-testid="btn-model-continue" disabled={!canContinue || working} onClick={() => backend && modelSession.continueTraining(backend)}>
              Continue training
            </button>
          </div>
          {s.evaluation && (
            <p data-testid="loaded-model-eval">
              Test accuracy <strong data-testid="loaded-model-accuracy">{formatPercent(s.evaluation.point.testAccuracy)}</strong>, test loss {formatNumber(s.evaluation.point.testLoss)} on{' '}
              {s.evaluation.point.examples} images ({s.evaluation.backend})
            </p>
          )}
        </div>
      )}
    </section>
  );
}
