import type { QueueEntry } from '../../engine/protocol/jobs';
import { deviceClient, useDevice } from '../device';
import { useT, type T } from '../i18n/useT';
import { Say } from '../i18n/Say';

function viewLabel(entry: QueueEntry, t: T): string {
  return entry.view === 'bench' ? t('queue.headlessBench') : t(`view.${entry.view}`);
}

/** The job as the page names it in this language (a training run is the CNN's or the GAN's by its view). */
function jobName(entry: QueueEntry, t: T): string {
  return entry.kind === 'train' ? t(entry.view === 'gan' ? 'job.train.gan' : 'job.train.cnn') : t(`job.${entry.kind}`);
}

/** "The lab's race is running: stop it?" — who holds the device and who waits, on every view. */
export function DeviceQueue() {
  const t = useT();
  const { queue, crash } = useDevice();
  const [running, ...waiting] = queue.filter((e) => e.status === 'running').concat(queue.filter((e) => e.status === 'queued'));
  if (!running && !crash) return null;
  return (
    <section className="panel device-queue" data-testid="device-queue" aria-label={t('queue.label')}>
      {crash && (
        <div className="error" role="alert" data-testid="device-crash">
          <Say message={crash} />
        </div>
      )}
      {running?.status === 'running' && (
        <div className="queue-entry" data-testid="queue-running">
          <span>
            {t.rich('queue.running', { name: <strong data-testid="queue-running-name">{jobName(running, t)}</strong>, view: viewLabel(running, t) })}
          </span>
          <button data-testid="btn-queue-stop" onClick={() => deviceClient.cancel(running.id)}>
            {t('queue.stop', { name: jobName(running, t) })}
          </button>
        </div>
      )}
      {waiting.length > 0 && (
        <ol className="queue-waiting" data-testid="queue-waiting">
          {waiting.map((entry) => (
            <li key={entry.id} data-testid={`queue-waiting-${entry.kind}`}>
              {t('queue.waiting', { name: jobName(entry, t), view: viewLabel(entry, t) })}{' '}
              <button data-testid={`btn-queue-remove-${entry.kind}`} onClick={() => deviceClient.cancel(entry.id)}>
                {t('run.dequeue')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
