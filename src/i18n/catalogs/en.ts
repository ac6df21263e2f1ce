/**
 * The page's own English messages (ICU MessageFormat), by id. Messages that a config table already
 * holds (settings, views, models, backends, lessons) are not repeated here: see tableMessages.ts.
 * Every id here must be in every other catalog: the compiler checks zhCN.ts against this type.
 */
export const EN = {
  'app.title': 'GPU Playground',
  'app.intro': 'Train small models on real MNIST in your browser and see what CPU, WebGL and WebGPU do for you.',
  'app.views': 'Views',
  'app.present.enter': 'Presentation mode',
  'app.present.leave': 'Leave presentation mode',
  'app.shortcuts': 'Keyboard shortcuts',
  'app.loadingView': 'Loading {view}…',
  'app.loadingEditor': 'Loading the lesson editor…',
  'app.language': 'Language',

  'run.train': 'Train',
  'run.pause': 'Pause',
  'run.resume': 'Resume',
  'run.step': 'Step',
  'run.stop': 'Stop',
  'run.dequeue': 'Remove from queue',
  'run.evaluate': 'Evaluate now',
  'run.state.idle': 'idle',
  'run.state.loading': 'loading',
  'run.state.training': 'training',
  'run.state.paused': 'paused',
  'run.state.stopped': 'stopped',
  'run.state.finished': 'finished',
  'run.state.error': 'error',
  'run.queue.next': 'queued: next',
  'run.queue.ahead': 'queued: {count, plural, one {# job} other {# jobs}} ahead',

  'backend.legend': 'Backend',
  'backend.detecting': 'Detecting backends…',

  'stats.backend': 'Backend that ran',
  'stats.model': 'Model',
  'stats.modelValue': '{model}, {params} params',
  'stats.step': 'Step',
  'stats.stepValue': '{step} / {total} (epoch {epoch})',
  'stats.firstStep': 'First step (compile + upload)',
  'stats.stepTime': 'Step time',
  'stats.examplesPerSec': 'Examples/s',
  'stats.gflops': 'GFLOP/s',
  'stats.tensors': 'Tensors',
  'stats.memory': 'Memory (live / GPU)',
  'stats.ms': '{value} ms',

  'train.loss': 'Train loss (first → now)',
  'train.effectiveBatch': 'Examples per optimizer step',
  'train.memoryPredicted': 'Memory predicted / step peak',
  'train.budget': '(budget {mb} MB)',
  'train.precision': 'Tensors stored in',
  'train.precision16': '16-bit floats (WEBGL_FORCE_F16_TEXTURES)',
  'train.precision32': '32-bit floats',
  'train.dataWait': 'Waiting for data per step',
  'train.testAccuracy': 'Test accuracy',
  'train.testAccuracyValue': '{accuracy} (epoch {epoch})',
  'train.resumeFrom': 'Resume from step {step}',
  'train.lookInside': 'Look inside this model',
  'train.lookInsideMore': 'its summary, confusion matrix (filled in at each epoch end), first-layer filters, and a digit you draw.',
  'train.accumulation':
    'Gradients of {k} micro-batches of {batch} are summed on the device and applied once: each optimizer step sees {effective} examples while memory holds one micro-batch of {batch}. This is how a big effective batch fits a small GPU; the charts count optimizer steps.',
  'train.presets': 'Presets',
  'train.presetNote': 'Defaults: {description} Measured on a 2-core laptop CPU: a falling loss within seconds and about 97% test accuracy in under a minute.',

  'chart.loss': 'Loss',
  'chart.accuracy': 'Accuracy',
  'chart.throughput': 'Throughput',
  'chart.stepTime': 'Step time',
  'chart.memory': 'Memory',
  'chart.axis.crossEntropy': 'cross-entropy',
  'chart.axis.accuracy': 'accuracy',
  'chart.axis.examplesPerSec': 'examples/s',
  'chart.axis.tensors': 'tensors',
} as const;

export type StaticMessageId = keyof typeof EN;
