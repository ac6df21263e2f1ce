import type { ModelSource } from '../../engine/protocol/inspect';

const KIND_TEXT: Record<ModelSource['kind'], string> = {
  running: 'the CNN being trained now',
  finished: 'the CNN trained last on this page',
  judge: 'the classifier saved in this browser',
};

/** Which model gave the figures below, in one line. */
export function ModelSourceLine({ source, testId }: { source: ModelSource | null | undefined; testId: string }) {
  if (!source) return null;
  return (
    <p className="inspect-source" data-testid={testId} data-source={source.kind}>
      From {KIND_TEXT[source.kind]}: {source.description}.
    </p>
  );
}

/** A question still waiting for its answer, or why the last one got none. */
export function AskStatus({ pending, failed, testId }: { pending: boolean | undefined; failed: string | undefined; testId: string }) {
  if (pending) return <p className="inspect-pending" role="status" data-testid={`${testId}-pending`}>Asking the model… (a job holding the device finishes first)</p>;
  if (failed) return <div className="error" role="alert" data-testid={`${testId}-error`}>{failed}</div>;
  return null;
}
