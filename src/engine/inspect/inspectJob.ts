/**
 * The `inspect` job: a look inside the CNN the worker kept from its last training run, or, when
 * there is none, the classifier saved in this browser (the GAN's judge). It holds the device like
 * any job, so it waits its turn in the queue.
 */
import { BACKEND_LABELS } from '../../config/backends';
import { TEST_SET_SIZE } from '../../config/datasets';
import { SUMMARY_DEFAULT_BATCH } from '../../config/tunables';
import { loadJudge } from '../gan/judge';
import type { EngineJobContext } from '../jobs/types';
import type { RequestOf } from '../protocol/jobs';
import type { ModelSource } from '../protocol/inspect';
import { answer, type InspectSubject } from './answer';

export const NO_MODEL_MESSAGE = 'There is no trained model to look inside yet: train a CNN in “Train a CNN” (the tiny one takes about a minute), then come back.';

function accuracyText(accuracy: number | null): string {
  return accuracy === null ? 'not evaluated' : `${(accuracy * 100).toFixed(1)}% test accuracy`;
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
    source = { kind: 'finished', description: `${facts.modelLabel} trained here (${facts.steps} steps): ${accuracyText(facts.testAccuracy)}, ${BACKEND_LABELS[backend]}`, dataset, backend };
    subject = { model: await host.kept.load(), source, modelLabel: facts.modelLabel, batchSize: facts.batchSize, test };
  } else {
    const judge = await loadJudge(request.dataset);
    source = { kind: 'judge', description: `${judge.note.replace(/\.$/, '')}, ${BACKEND_LABELS[backend]}`, dataset, backend };
    subject = { model: judge.model, source, modelLabel: 'Saved classifier', batchSize: SUMMARY_DEFAULT_BATCH, test };
  }
  const { model } = subject;
  if (!model) throw new Error(NO_MODEL_MESSAGE);
  try {
    ctx.token.throwIfCancelled();
    ctx.emit(await answer({ ...subject, model }, request.query));
  } finally {
    model.dispose();
  }
}
