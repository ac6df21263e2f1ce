/**
 * A GPU error under the app's engine, said in one sentence: where it was (the kernel whose label the
 * error's text quotes, or "a step's work") and the error's own text. An out-of-memory keeps the form the
 * run's out-of-memory handling recognises ("GPUOutOfMemoryError: …").
 */
import { detailOf, msg, MessageError, type Message } from '../../i18n/message';

/** A GPUError as Dawn and the browsers give it: its class tells the filter that caught it. */
export type CaughtGpuError = Pick<GPUError, 'message'>;

/** The filter of a scope that caught an error. */
export type ScopeFilter = 'validation' | 'internal' | 'out-of-memory';

/** Where a GPU error was, as a message: the kernel named, or a step's work when no kernel is. */
export function whereOf(kernel: string | null): Message {
  return kernel === null ? msg('engine.gpu.error.aStep') : msg('engine.gpu.error.kernel', { kernel });
}

/** A GPU error in the engine's kernels or a window of its steps; the run ends with it and can resume on TensorFlow.js's kernels. */
export class EngineGpuError extends MessageError {
  override name = 'EngineGpuError';

  constructor(
    /** The plan's kernel the error names, or null (a step's work). */
    readonly kernel: string | null,
    /** The error's own text (its first line). */
    readonly detail: string | Message,
    options?: ErrorOptions,
  ) {
    super(msg('engine.gpu.error.plain', { where: whereOf(kernel), detail }), options);
  }

  get where(): Message {
    return whereOf(this.kernel);
  }
}

/**
 * The kernel a GPU error's text names: the longest of `labels` it quotes (Dawn and Chrome quote object
 * labels: `[ComputePipeline "conv2 forward"]`), else null. Quoted, so "Adam" never matches a buffer
 * called "Adam first moments".
 */
export function kernelNamed(text: string, labels: Iterable<string>): string | null {
  let best: string | null = null;
  for (const label of labels) {
    if (label !== '' && text.includes(`"${label}"`) && (best === null || label.length > best.length)) best = label;
  }
  return best;
}

/** The error a caught GPU error becomes: an out-of-memory as the run's out-of-memory, any other as an EngineGpuError. */
export function engineErrorOf(filter: ScopeFilter, error: CaughtGpuError, kernel: string | null): Error {
  if (filter === 'out-of-memory') return new Error(`GPUOutOfMemoryError: ${error.message}`);
  return new EngineGpuError(kernel, detailOf(error));
}
