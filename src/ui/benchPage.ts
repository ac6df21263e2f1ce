/**
 * The headless bench's page: it runs jobs through the same device owner (one worker, one queue)
 * the app's views use, and resolves with what each job reported.
 */
import { DeviceClient } from '../engine/client/deviceClient';
import { applyJobEvent, endJob, markRunning, queuedJob, type LabJobState } from '../engine/protocol/labJobState';
import { spawnDeviceWorker } from '../engine/client/spawnWorker';
import type { JobEvent, RequestOf } from '../engine/protocol/jobs';
import type { BenchRow } from '../engine/protocol/training';
import { Translator } from '../i18n/translator';

/** The bench reports in English: a job's error is said in English before it leaves the page. */
const ENGLISH = new Translator('en');

const client = new DeviceClient(spawnDeviceWorker);

type LabRequest = RequestOf<'race' | 'matmulSweep' | 'batchSweep' | 'anatomy' | 'profile' | 'parity' | 'deviceReport'>;

/** The app's training loop against a bare loop on one backend. */
function runBenchmark(request: RequestOf<'benchmark'>): Promise<BenchRow[]> {
  return new Promise((resolve, reject) => {
    let rows: BenchRow[] | null = null;
    client.submit(request, {
      onEvent: (event) => {
        if (event.type === 'benchmark') rows = event.rows;
      },
      onEnded: (outcome) => {
        if (outcome.status === 'error') reject(new Error(ENGLISH.say(outcome.message)));
        else if (rows) resolve(rows);
        else reject(new Error(`The benchmark ended (${outcome.status}) without rows`));
      },
    });
  });
}

/** One lab job, resolved with everything it reported; each event also goes to window.onLabEvent (progress on the terminal). */
function runLab(request: LabRequest): Promise<LabJobState> {
  return new Promise((resolve) => {
    let job = queuedJob(request.kind, 0);
    client.submit(request, {
      onStarted: () => (job = markRunning(job)),
      onEvent: (event) => {
        job = applyJobEvent(job, event);
        void window.onLabEvent?.(event);
      },
      onEnded: (outcome) => resolve(endJob(job, outcome)),
    });
  });
}

declare global {
  interface Window {
    runBenchmark: typeof runBenchmark;
    runLab: typeof runLab;
    onLabEvent?: (event: JobEvent) => Promise<void> | void;
  }
}
window.runBenchmark = runBenchmark;
window.runLab = runLab;
