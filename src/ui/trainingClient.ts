import type { WorkerCommand, WorkerEvent } from '../engine/protocol';

/** The UI's handle on the training worker: typed commands out, typed events in. */
export class TrainingClient {
  private worker: Worker;

  constructor(
    private readonly onEvent: (event: WorkerEvent) => void,
    private readonly onCrash: (message: string) => void,
  ) {
    this.worker = this.spawn();
  }

  send(command: WorkerCommand): void {
    this.worker.postMessage(command);
  }

  /** Replaces a dead or stuck worker; the run it held is lost. */
  restart(): void {
    this.worker.terminate();
    this.worker = this.spawn();
    this.send({ type: 'detect' });
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('../engine/worker.ts', import.meta.url), { type: 'module', name: 'training' });
    worker.onmessage = (e: MessageEvent<WorkerEvent>) => this.onEvent(e.data);
    worker.onerror = (e) => {
      e.preventDefault();
      this.onCrash(`The training worker crashed: ${e.message || 'unknown error'}. It has been restarted.`);
      this.restart();
    };
    return worker;
  }
}
