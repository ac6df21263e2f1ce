import * as tf from '@tensorflow/tfjs';
import type { BackendName } from '../../config/backends';
import type { DatasetId } from '../../config/datasets';
import type { Message } from '../../i18n/message';

/** What the page is told about the kept model. */
export interface KeptFacts {
  /** Its name, e.g. the model's label, or "… loaded from a saved model". */
  name: Message;
  dataset: DatasetId;
  /** The backend it trained on, which a look inside it runs on too. */
  backend: BackendName;
  testAccuracy: number | null;
  steps: number;
  /** The batch it trained with: the model summary profiles each layer at this batch. */
  batchSize: number;
  /** The test examples it was measured on: a look inside it uses the same ones. */
  testExamples: number;
}

/**
 * The CNN of the last training run that ended here, as weights in worker memory (never tensors, so
 * it holds no device memory between jobs): a look inside it rebuilds it on its backend and frees it after.
 */
export class KeptModel {
  private kept: { artifacts: tf.io.ModelArtifacts; facts: KeptFacts } | null = null;

  /** Keeps a copy of the model's topology and weights, replacing the one kept before. */
  async keep(model: tf.LayersModel, facts: KeptFacts): Promise<void> {
    let artifacts: tf.io.ModelArtifacts | null = null;
    await model.save(
      tf.io.withSaveHandler(async (saved) => {
        artifacts = saved;
        return { modelArtifactsInfo: { dateSaved: new Date(), modelTopologyType: 'JSON' } };
      }),
    );
    if (!artifacts) throw new Error('The model could not be copied');
    this.kept = { artifacts, facts: { ...facts } };
  }

  facts(): KeptFacts | null {
    return this.kept ? { ...this.kept.facts } : null;
  }

  /** The kept model rebuilt on the backend active now; the caller disposes it. Null when none is kept. */
  async load(): Promise<tf.LayersModel | null> {
    return this.kept ? tf.loadLayersModel(tf.io.fromMemory(this.kept.artifacts)) : null;
  }

  forget(): void {
    this.kept = null;
  }
}
