import type { ModelSource } from '../../engine/protocol/inspect';
import type { MessageId } from '../../i18n/translator';
import { useT } from '../i18n/useT';

const KIND_TEXT: Record<ModelSource['kind'], MessageId> = {
  running: 'inspect.source.running',
  finished: 'inspect.source.finished',
  judge: 'inspect.source.judge',
};

/** Which model gave the figures below, in one line. */
export function ModelSourceLine({ source, testId }: { source: ModelSource | null | undefined; testId: string }) {
  const t = useT();
  if (!source) return null;
  // The description comes from the worker, in English like its other messages.
  return (
    <p className="inspect-source" data-testid={testId} data-source={source.kind}>
      {t(KIND_TEXT[source.kind], { description: source.description })}
    </p>
  );
}

/** A question still waiting for its answer, or why the last one got none. */
export function AskStatus({ pending, failed, testId }: { pending: boolean | undefined; failed: string | undefined; testId: string }) {
  const t = useT();
  if (pending)
    return (
      <p className="inspect-pending" role="status" data-testid={`${testId}-pending`}>
        {t('inspect.ask.pending')}
      </p>
    );
  if (failed) return <div className="error" role="alert" data-testid={`${testId}-error`}>{failed}</div>;
  return null;
}
