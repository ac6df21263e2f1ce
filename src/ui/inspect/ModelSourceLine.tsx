import type { ModelSource } from '../../engine/protocol/inspect';
import type { Message } from '../../i18n/message';
import type { MessageId } from '../../i18n/translator';
import { useT } from '../i18n/useT';
import { Say } from '../i18n/Say';

const KIND_TEXT: Record<ModelSource['kind'], MessageId> = {
  running: 'inspect.source.running',
  finished: 'inspect.source.finished',
  judge: 'inspect.source.judge',
};

/** Which model gave the figures below, in one line. */
export function ModelSourceLine({ source, testId }: { source: ModelSource | null | undefined; testId: string }) {
  const t = useT();
  if (!source) return null;
  return (
    <p className="inspect-source" data-testid={testId} data-source={source.kind}>
      {t.rich(KIND_TEXT[source.kind], { description: <Say message={source.description} /> })}
    </p>
  );
}

/** A question still waiting for its answer, or why the last one got none. */
export function AskStatus({ pending, failed, testId }: { pending: boolean | undefined; failed: Message | undefined; testId: string }) {
  const t = useT();
  if (pending)
    return (
      <p className="inspect-pending" role="status" data-testid={`${testId}-pending`}>
        {t('inspect.ask.pending')}
      </p>
    );
  if (failed)
    return (
      <div className="error" role="alert" data-testid={`${testId}-error`}>
        <Say message={failed} />
      </div>
    );
  return null;
}
