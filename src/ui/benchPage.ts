import { applyLabEvent, startJob, type LabJobState } from '../engine/lab/labJob';
import type { LabEvent, LabJobCommand } from '../engine/lab/labProtocol';
import type { BenchRow, WorkerCommand, WorkerEvent } from '../engine/protocol';

type BenchmarkCommand = Extract<WorkerCommand, { type: 'benchmark' }>;

/** Runs one benchmark command in a fresh training worker, the same worker the app uses. */
function runBenchmark(command: BenchmarkCommand): Promise<BenchRow[]> {
  const worker = new Worker(new URL('../engine/worker.ts', import.meta.url), { type: 'module', name: 'benchmark' });
  return new Promise<BenchRow[]>((resolve, reject) => {
    worker.onmessage = (e: MessageEvent<WorkerEvent>) => {
      if (e.data.type === 'benchmark') resolve(e.data.rows);
      if (e.data.type === 'error') reject(new Error(e.data.message));
    };
    worker.onerror = (e) => reject(new Error(e.message || 'benchmark worker crashed'));
    worker.postMessage(command);
  }).finally(() => worker.terminate());
}

/**
 * Runs one lab job in a fresh lab worker, the same worker and code the Benchmark lab tab uses, and
 * resolves with everything it reported. Each event also goes to window.onLabEvent when the
 * headless bench has exposed one (progress lines on the terminal).
 */
function runLab(command: LabJobCommand): Promise<LabJobState> {
  const worker = new Worker(new URL('../engine/lab/labWorker.ts', import.meta.url), { type: 'module', name: 'lab' });
  let job = startJob(command.type, command.runId);
  return new Promise<LabJobState>((resolve) => {
    worker.onmessage = (e: MessageEvent<LabEvent>) => {
      job = applyLabEvent(job, e.data);
      void window.onLabEvent?.(e.data);
      if (job.status !== 'running') resolve(job);
    };
    worker.onerror = (e) => resolve({ ...job, status: 'error', error: e.message || 'lab worker crashed' });
    worker.postMessage(command);
  }).finally(() => worker.terminate());
}

declare global {
  interface Window {
    runBenchmark: typeof runBenchmark;
    runLab: typeof runLab;
    onLabEvent?: (event: LabEvent) => Promise<void> | void;
  }
}
window.runBenchmark = runBenchmark;
window.runLab = runLab;
