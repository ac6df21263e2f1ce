/**
 * The page's trained model: save the worker's kept run (a CNN's or a GAN's) to the browser or as a
 * file, export it for TensorFlow, load a saved one (from the History tab or a file: a CNN model into
 * the Train view, a GAN run into the GAN studio), evaluate a CNN model and continue training either.
 * Every device step is a job of the one device owner; files are validated before they are sent.
 */
import { version as APP_VERSION } from '../../../package.json';
import type { BackendName } from '../../config/backends';
import type { DeviceClient } from '../../engine/client/deviceClient';
import { MAX_CHECKPOINT_BYTES } from '../../engine/protocol/checkpointFormat';
import type { JobRequest } from '../../engine/protocol/jobs';
import type { ModelResult } from '../../engine/protocol/models';
import type { EvalPoint } from '../../engine/protocol/training';
import { continueGanConfig, readGanFile, type GanFileHeader } from '../../share/ganFiles';
import { ownDataList } from '../ownData/ownDataList';
import { continueConfig, exportFolderName, modelFileName, readModelFile, type SavedModelHeader } from '../../share/savedModels';
import { savedModels, type SavedModelsModel } from '../../share/savedModelsModel';
import { deviceClient } from '../device';
import { cnnSession, ganSession, type TrainingKind, type TrainingSession } from '../session';
import { downloadBlob } from '../share/download';
import { runRecorder } from '../share/runRecorder';
import { messageOf, msg, MessageError, type Message } from '../../i18n/message';

export type ModelTask = 'save' | 'download' | 'export' | 'evaluate';

export interface LoadedModel {
  header: SavedModelHeader;
  bytes: ArrayBuffer;
  /** Where it came from, e.g. "file model.gpck" or "this browser (saved …)". */
  source: Message;
}

/** A GAN run's file loaded in the GAN studio, to continue training. */
export interface LoadedGan {
  header: GanFileHeader;
  bytes: ArrayBuffer;
  source: Message;
}

export interface ModelSnapshot {
  /** What the worker keeps now: the last CNN run, the last GAN run, a loaded model once evaluated, or nothing. */
  kept: 'run' | 'ganRun' | 'loaded' | null;
  busy: ModelTask | null;
  loaded: LoadedModel | null;
  ganLoaded: LoadedGan | null;
  /** Which view's panel the last note or error belongs to: the Train view's model panel, or the GAN studio's. */
  scope: TrainingKind;
  evaluation: { point: EvalPoint; backend: BackendName } | null;
  /** The last thing done. */
  note: Message | null;
  error: Message | null;
}

export class ModelSession {
  private snapshot: ModelSnapshot = { kept: null, busy: null, loaded: null, ganLoaded: null, scope: 'cnn', evaluation: null, note: null, error: null };
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly client: DeviceClient,
    private readonly cnn: TrainingSession,
    private readonly gan: TrainingSession,
    private readonly models: SavedModelsModel,
    /** The History entry's createdAt of the view's last recorded run, so a saved model is listed beside it. */
    private readonly runCreatedAt: (kind: TrainingKind) => string | null,
  ) {
    this.watch(cnn, 'run');
    this.watch(gan, 'ganRun');
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): ModelSnapshot => this.snapshot;

  /** Saves the kept model (a CNN's, or the GAN studio's last run) in this browser, listed in the History tab beside its run. */
  saveToBrowser = (): Promise<void> => {
    const { kept } = this.snapshot;
    const runCreatedAt = kept === 'run' ? this.runCreatedAt('cnn') : kept === 'ganRun' ? this.runCreatedAt('gan') : null;
    return this.task('save', async () => {
      const file = await this.fileOfKept();
      const error = await this.models.add(file.bytes, runCreatedAt);
      if (error) throw new MessageError(error);
      return { id: 'models.note.saved', values: { file: modelFileName(file.config, file.step) } };
    });
  };

  /** Downloads the kept model (a CNN's, or the GAN studio's last run) as one .gpck file. */
  download = (): Promise<void> =>
    this.task('download', async () => {
      const file = await this.fileOfKept();
      const name = modelFileName(file.config, file.step);
      downloadBlob(name, new Blob([file.bytes], { type: 'application/octet-stream' }));
      return { id: 'models.note.downloaded', values: { file: name } };
    });

  /** Builds the "Export for TensorFlow" package of the loaded model (or the kept run) and downloads it. */
  exportForTensorFlow = (): Promise<void> =>
    this.task('export', async () => {
      const loaded = this.snapshot.kept === 'loaded' ? this.snapshot.loaded : null;
      const result = await this.runJob({ kind: 'exportModel', checkpoint: loaded ? loaded.bytes : null }, 'export');
      // The package writer (scripts, zip) loads only when a user exports, not with the page.
      const { zipPythonPackage } = await import('../../share/export/pythonPackage');
      const folder = exportFolderName(result.config);
      const zip = zipPythonPackage({ ...result.run, config: result.config, modelLabel: result.modelLabel, appVersion: APP_VERSION }, folder);
      downloadBlob(`${folder}.zip`, new Blob([zip as Uint8Array<ArrayBuffer>], { type: 'application/zip' }));
      return { id: 'models.note.exported', values: { file: `${folder}.zip` } };
    });

  /** Reads a picked file; a file over the size cap is refused unread. */
  async loadFile(file: File): Promise<void> {
    if (file.size > MAX_CHECKPOINT_BYTES) return this.update({ error: { id: 'models.error.tooBig', values: { size: file.size, max: MAX_CHECKPOINT_BYTES } }, note: null });
    this.load(await file.arrayBuffer(), { id: 'models.source.file', values: { name: file.name } });
  }

  /** Validates a saved model and makes it the loaded one; a refused file changes nothing else. */
  load(bytes: ArrayBuffer, source: Message): void {
    const reading = readModelFile(bytes);
    if (!reading.ok) return this.update({ error: reading.error, note: null, scope: 'cnn' });
    this.update({ loaded: { header: reading.header, bytes: reading.bytes, source }, evaluation: null, error: null, scope: 'cnn', note: { id: 'models.note.loaded', values: { source } } });
  }

  /** Reads a picked GAN run's file in the GAN studio; a CNN model's file, a damaged one or one over the size cap is refused. */
  async loadGanFile(file: File): Promise<void> {
    if (file.size > MAX_CHECKPOINT_BYTES) return this.update({ error: { id: 'models.error.tooBig', values: { size: file.size, max: MAX_CHECKPOINT_BYTES } }, note: null, scope: 'gan' });
    this.loadGan(await file.arrayBuffer(), { id: 'models.source.file', values: { name: file.name } });
  }

  /** Validates a GAN run's file (picked, or saved in this browser) and makes it the GAN studio's loaded one; a refused file changes nothing else. */
  loadGan(bytes: ArrayBuffer, source: Message): void {
    const reading = readGanFile(bytes);
    if (!reading.ok) return this.update({ error: reading.error, note: null, scope: 'gan' });
    this.update({ ganLoaded: { header: reading.header, bytes: reading.bytes, source }, error: null, scope: 'gan', note: { id: 'models.note.loaded', values: { source } } });
  }

  /** Continues the loaded GAN run on `backend` in the GAN studio, from its saved step. */
  continueGan(backend: BackendName): void {
    const loaded = this.snapshot.ganLoaded;
    const config = loaded ? continueGanConfig(loaded.header, backend) : null;
    if (!loaded || !config) return this.update({ error: { id: 'models.error.loadFirst' }, scope: 'gan' });
    this.gan.start(config, loaded.bytes);
    this.update({ note: null, error: null, scope: 'gan' });
  }

  /** Evaluates the loaded model on its test split on `backend`; the worker keeps it afterwards. */
  evaluate = (backend: BackendName): Promise<void> =>
    this.task('evaluate', async () => {
      const loaded = this.requireLoaded();
      const result = await this.runJob({ kind: 'evaluateModel', checkpoint: loaded.bytes, backend }, 'eval');
      this.update({ evaluation: { point: result.point, backend: result.backend }, kept: 'loaded' });
      return { id: result.judge ? 'models.note.evaluatedJudge' : 'models.note.evaluated', values: { examples: result.point.examples, backend: result.backend } };
    }, 'cnn');

  /** Continues training the loaded model on `backend` as a CNN run of the Train view. */
  continueTraining(backend: BackendName): void {
    const loaded = this.snapshot.loaded;
    const config = loaded ? continueConfig(loaded.header, backend, ownDataList.byId(loaded.header.config.dataset)) : null;
    if (!loaded || !config) return this.update({ error: { id: loaded ? 'models.error.allEpochs' : 'models.error.loadFirst' } });
    this.cnn.start(config, loaded.bytes);
    this.update({ note: { id: 'models.note.continuing', values: { step: loaded.header.progress.step, backend, epoch: config.epochs } }, error: null, scope: 'cnn' });
  }

  private requireLoaded(): LoadedModel {
    if (!this.snapshot.loaded) throw new MessageError(msg('models.error.loadFirst'));
    return this.snapshot.loaded;
  }

  private async fileOfKept(): Promise<Extract<ModelResult, { kind: 'file' }>> {
    return this.runJob({ kind: 'saveModel' }, 'file');
  }

  /** Submits a saved-model job and resolves with its result, or rejects with its error. */
  private runJob<K extends ModelResult['kind']>(request: JobRequest, kind: K): Promise<Extract<ModelResult, { kind: K }>> {
    return new Promise((resolve, reject) => {
      let result: ModelResult | null = null;
      this.client.submit(request, {
        onEvent: (event) => {
          if (event.type === 'model') result = event.result;
        },
        onEnded: (outcome) => {
          if (outcome.status === 'error') return reject(new MessageError(outcome.message));
          if (outcome.status === 'cancelled') return reject(new MessageError(msg('models.error.cancelled')));
          const got = result as ModelResult | null;
          if (got?.kind !== kind) return reject(new MessageError(msg('models.error.noResult')));
          resolve(got as Extract<ModelResult, { kind: K }>);
        },
      });
    });
  }

  /** `scope`: the panel that asked; download and export act on the kept run, so its view's panel. */
  private async task(task: ModelTask, run: () => Promise<Message>, scope: TrainingKind = this.snapshot.kept === 'ganRun' ? 'gan' : 'cnn'): Promise<void> {
    if (this.snapshot.busy) return;
    this.update({ busy: task, error: null, note: null, scope });
    try {
      this.update({ note: await run(), busy: null });
    } catch (error) {
      this.update({ error: messageOf(error), busy: null });
    }
  }

  /** A run that ends with steps done leaves its model kept; any new run replaces what was kept. */
  private watch(session: TrainingSession, keeps: 'run' | 'ganRun'): void {
    let last = session.store.getSnapshot();
    session.store.subscribe(() => {
      const now = session.store.getSnapshot();
      if (now.phase === 'active' && last.phase !== 'active') this.update({ kept: null });
      const ended = (now.state === 'finished' || now.state === 'stopped') && now.state !== last.state;
      if (ended && (now.latest?.step ?? 0) > 0) this.update({ kept: keeps });
      last = now;
    });
  }

  private update(patch: Partial<ModelSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener();
  }
}

export const modelSession = new ModelSession(deviceClient, cnnSession, ganSession, savedModels, (kind) => runRecorder.getSnapshot()[kind]?.result?.createdAt ?? null);
