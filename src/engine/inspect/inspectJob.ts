/**
 * The `inspect` job: a look inside the CNN the worker kept from its last training run, or, when
 * there is none, the classifier saved in this browser (the GAN's judge). It holds the device like
 * any job, so it waits its turn in the queue.
 */
import { backendMessage } from '../../config/backends';
import { TEST_SET_SIZE } from '../../config/datasets';
import { SUMMARY_DEFAULT_BATCH } from '../../config/tunables';
import { msg, MessageError, type Message } from '../../i18n/message';
import { loadJudge } from '../gan/judge';
import type { EngineJobContext } from '../jobs/types';
import type { RequestOf } from '../protocol/jobs';
import type { ModelSource } from '../protocol/inspect';
import { answer, type InspectSubject } from './answer';

export const NO_MODEL_MESSAGE = msg('engine.inspect.noModel');

function accuracyText(accuracy: number | null): Message {
  return accuracy === null ? msg('engine.inspect.notEvaluated') : msg('engine.inspect.accuracy', { accuracy: (accuracy * 100).toFixed(1) });
}

export async function runInspect(request: RequestOf<'inspect'>, ctx: EngineJobContext): Promise<void> {
  const { host } = ctx;
  const facts = host.kept.facts();
  const dataset = facts?.dataset ?? request.dataset;
  const backend = await host.activate(facts?.backend ?? request.backend);
  let source: ModelSource;
  let subject: Omit<InspectSubject, 'model'> & { model: InspectSubject['model'] | null };
  const test = async () => (await host.datasets.get(dataset, { train: 0, test: facts?.testExamples ?? TEST_SET_SIZE }, () => undefined)).test;
  if (facts) {
    const description = msg('engine.inspect.finished', { model: facts.name, steps: facts.steps, accuracy: accuracyText(facts.testAccuracy), backend: backendMessage(backend) });
    source = { kind: 'finished', description, dataset, backend };
    subject = { model: await host.kept.load(), source, name: facts.name, batchSize: facts.batchSize, test };
  } else {
    const judge = await loadJudge(request.dataset);
    source = { kind: 'judge', description: msg('engine.inspect.judge', { note: judge.note, backend: backendMessage(backend) }), dataset, backend };
    subject = { model: judge.model, source, name: msg('engine.inspect.savedClassifier'), batchSize: SUMMARY_DEFAULT_BATCH, test };
  }
  const { model } = subject;
  if (!model) throw new MessageError(NO_MODEL_MESSAGE);
  try {
    ctx.token.throwIfCancelled();
    ctx.emit(await answer({ ...subject, model }, request.query));
  } finally {
    model.dispose();
  }
}
