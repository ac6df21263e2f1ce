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

declare global {
  interface Window {
    runBenchmark: typeof runBenchmark;
  }
}
window.runBenchmark = runBenchmark;
