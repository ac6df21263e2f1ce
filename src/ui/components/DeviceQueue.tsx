import { VIEWS } from '../../config/views';
import type { QueueEntry } from '../../engine/protocol/jobs';
import { deviceClient, useDevice } from '../device';

function viewLabel(entry: QueueEntry): string {
  return entry.view === 'bench' ? 'headless bench' : VIEWS[entry.view].label;
}

/** "The lab's race is running: stop it?" — who holds the device and who waits, on every view. */
export function DeviceQueue() {
  const { queue, crash } = useDevice();
  const [running, ...waiting] = queue.filter((e) => e.status === 'running').concat(queue.filter((e) => e.status === 'queued'));
  if (!running && !crash) return null;
  return (
    <section className="panel device-queue" data-testid="device-queue" aria-label="Jobs on the device">
      {crash && (
        <div className="error" role="alert" data-testid="device-crash">
          {crash}
        </div>
      )}
      {running?.status === 'running' && (
        <div className="queue-entry" data-testid="queue-running">
          <span>
            On the device now: <strong data-testid="queue-running-name">{running.name}</strong> ({viewLabel(running)}). Everything else waits until it ends, so no figure
            is measured while another job runs.
          </span>
          <button data-testid="btn-queue-stop" onClick={() => deviceClient.cancel(running.id)}>
            Stop {running.name}
          </button>
        </div>
      )}
      {waiting.length > 0 && (
        <ol className="queue-waiting" data-testid="queue-waiting">
          {waiting.map((entry) => (
            <li key={entry.id} data-testid={`queue-waiting-${entry.kind}`}>
              Waiting: {entry.name} ({viewLabel(entry)}){' '}
              <button data-testid={`btn-queue-remove-${entry.kind}`} onClick={() => deviceClient.cancel(entry.id)}>
                Remove from queue
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
