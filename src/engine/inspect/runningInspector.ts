/**
 * A look inside the CNN a training job is training right now: it answers the page's inspect
 * controls between the loop's steps, and sends the confusion matrix at each epoch end from the
 * predictions the evaluation already made (no second pass over the test split).
 */
import { backendMessage } from '../../config/backends';
import type { CnnRunConfig } from '../../config/cnnConfig';
import { modelMessage } from '../../config/models';
import { detailOf, messageOf, msg, MessageError } from '../../i18n/message';
import type { EngineHost } from '../owner/host';
import type { InspectQuery, ModelSource } from '../protocol/inspect';
import type { RunState, TrainingEvent } from '../protocol/training';
import type { InspectEvent } from '../protocol/inspect';
import type { CnnWorkload } from '../workloads/cnnWorkload';
import { classCountOf, imageShapeOf } from '../../models/classCount';
import { answer, confusionOf, type InspectSubject } from './answer';

export const PAUSE_TO_PROFILE = msg('engine.inspect.pauseToProfile');

export class RunningInspector {
  constructor(
    private readonly workload: CnnWorkload,
    private readonly config: CnnRunConfig,
    private readonly host: EngineHost,
    private readonly emit: (event: TrainingEvent | InspectEvent) => void,
    private readonly progress: () => { steps: number; state: RunState },
    /** Waits on the device while watching it for loss (an answer runs between the loop's steps, outside its watch). */
    private readonly watch: <T>(wait: Promise<T>) => Promise<T> = (wait) => wait,
  ) {}

  private source(): ModelSource {
    const { info } = this.workload;
    return {
      kind: 'running',
      description: msg('engine.inspect.running', { model: modelMessage(this.config.model), step: this.progress().steps, total: info.totalSteps, backend: backendMessage(info.backend) }),
      dataset: this.config.dataset,
      backend: info.backend,
    };
  }

  private subject(): InspectSubject {
    const { config, host } = this;
    return {
      model: this.workload.model,
      source: this.source(),
      name: modelMessage(config.model),
      batchSize: config.batchSize,
      test: async () => (await host.datasets.get(config.dataset, { train: config.trainExamples, test: config.testExamples }, () => undefined)).test,
    };
  }

  /** Answers one query; a failure is a warning of the run, never its end. */
  async answer(query: InspectQuery): Promise<void> {
    try {
      if (query.what === 'summary' && this.progress().state !== 'paused') throw new MessageError(PAUSE_TO_PROFILE);
      if (query.what === 'confusion') return await this.confusionNow();
      await this.watch(this.workload.settle());
      this.emit(await this.watch(answer(this.subject(), query)));
    } catch (err) {
      this.emit({ type: 'inspectFailed', what: query.what, message: messageOf(err) });
    }
  }

  /** The confusion matrix of the evaluation that just ran at an epoch's end. */
  async epochEnd(epoch: number, step: number): Promise<void> {
    const predicted = this.workload.lastPredictions;
    if (!predicted) return;
    try {
      const split = await this.subject().test();
      this.emit({ type: 'confusion', result: confusionOf(split, predicted, classCountOf(this.workload.model), imageShapeOf(this.workload.model), this.source(), { epoch, step }) });
    } catch (err) {
      this.emit({ type: 'warning', message: msg('engine.inspect.confusionFailed', { detail: detailOf(err) }) });
    }
  }

  /** On demand: evaluates now (one pass over the test split), then the matrix of that evaluation. */
  private async confusionNow(): Promise<void> {
    const { steps } = this.progress();
    const epoch = Math.max(1, Math.ceil(steps / this.workload.info.stepsPerEpoch));
    this.emit({ type: 'eval', point: await this.watch(this.workload.evaluate(steps, epoch)) });
    const predicted = this.workload.lastPredictions;
    if (!predicted) return;
    const split = await this.subject().test();
    this.emit({ type: 'confusion', result: confusionOf(split, predicted, classCountOf(this.workload.model), imageShapeOf(this.workload.model), this.source(), null) });
  }
}
