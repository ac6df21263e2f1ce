/** README.md of an exported package: how to run it on one machine, on several GPUs, on several machines, and come back. */
import { BACKENDS } from '../../config/backends';
import type { RunConfig } from '../../config/workloads';
import type { ExportedDataset } from '../../engine/protocol/export';

/** Where train.py's data comes from without --data. */
function dataSource(config: RunConfig, dataset: ExportedDataset | undefined): string {
  if (dataset) {
    const counts = `${dataset.trainCount} training and ${dataset.testCount} test images, ${dataset.classNames.length} classes: ${dataset.classNames.join(', ')}`;
    return `your data set “${dataset.name}” (\`${config.dataset}\`) from \`dataset.npz\` in this folder (${counts}; \`class_names\` names class id i)`;
  }
  return `${config.dataset === 'mnist' ? 'MNIST' : 'Fashion-MNIST'} through \`keras.datasets\` (downloaded once)`;
}

/**
 * Where the browser run trained, as its configuration says: the backend, and on WebGPU the engine its
 * settings asked for (`gpuEngine` in run.json; a model the app's engine cannot compile, and a GAN for
 * now, trains on TensorFlow.js's kernels instead, so the sentence says what was asked, not more).
 */
export function trainedOn(config: RunConfig): string {
  const backend = `${BACKENDS[config.backend].label} (\`${config.backend}\`)`;
  if (config.backend !== 'webgpu') return `It trained in the browser on ${backend}.`;
  if (config.gpuEngine === 'tfjs') return `It trained in the browser on ${backend} with TensorFlow.js's kernels (\`gpuEngine\`: \`tfjs\`).`;
  return `It trained in the browser on ${backend}, its settings asking for the app's own engine (\`gpuEngine\`: \`app\`: the model compiled into a few fused kernels, one submit a step; a model it cannot compile trains on TensorFlow.js's kernels).`;
}

export function exportReadme(config: RunConfig, modelLabel: string, dataset?: ExportedDataset): string {
  const gan = config.workload === 'gan';
  const quick = gan ? 'python train.py --steps 200' : 'python train.py --epochs 1 --steps 50';
  const back = gan ? 'trained/tfjs-generator/model.json and trained/tfjs-discriminator/model.json' : 'trained/tfjs/model.json';
  return `# ${modelLabel}, exported from GPU Playground

This folder continues a browser run on a real TensorFlow installation: the same model, the same
optimiser settings, the same loss and the same input pipeline, starting from the weights the browser
trained (\`weights.npz\`). \`run.json\` is the browser run's configuration. ${trainedOn(config)}

| file | what it is |
| --- | --- |
| train.py | the training script (\`python train.py --help\` lists every option) |
| verify.py | checks the rebuilt model against the app: parameter count, and outputs on the app's own check inputs within 1e-4 |
| weights.npz | the browser-trained weights, in the order the model's layers hold them |
| check.npz | inputs the app fed the trained model and the outputs it got |
| *_topology.json | the model as TensorFlow.js wrote it (the script writes it back for the app) |
${dataset ? '| dataset.npz | the data set of your own the run trained on: `x_train`, `y_train`, `x_test`, `y_test` (uint8, like keras.datasets.mnist) and `class_names` |\n' : ''}| requirements.txt | what to install |

## One machine

\`\`\`sh
python -m venv .venv && . .venv/bin/activate
pip install -r requirements.txt
python verify.py              # same parameters, same outputs as the app
${quick}
tensorboard --logdir logs     # losses${gan ? '' : ', accuracy'} as the run goes
\`\`\`

Without \`--data\`, the script reads ${dataSource(config, dataset)}.
\`--data slice.npz\` reads \`x_train\`, \`y_train\`, \`x_test\`, \`y_test\` from a file instead.

## Several GPUs on one machine

Nothing to change: \`tf.distribute.MirroredStrategy()\` uses every local GPU (and falls back to one
device when there is none). \`--batch-size\` is per GPU; the global batch is it times the number of
GPUs, so each step sees more examples; raise the learning rate in \`run.json\` with the batch if you
want the same progress per example. \`--mixed-precision\` uses float16 on GPUs with tensor cores${gan ? '' : ';\n`--accumulate K` applies the gradients once every K batches (a larger effective batch on small memory)'}.
To try it without GPUs: \`python train.py --logical-cpus 2\` splits the CPU into two devices.

## Several machines

Start the same command on each machine with \`--multi-worker\` and a \`TF_CONFIG\` naming them all and
this machine's place among them, e.g. on the first of two:

\`\`\`sh
export TF_CONFIG='{"cluster": {"worker": ["10.0.0.1:12345", "10.0.0.2:12345"]}, "task": {"type": "worker", "index": 0}}'
python train.py --multi-worker
\`\`\`

and \`"index": 1\` on the second. \`MultiWorkerMirroredStrategy\` keeps the replicas in step over the network.

## Back to the app

The script writes \`${back}\` (TensorFlow.js layers format): load it in the app (History → Load a model)
to evaluate it, keep training it on any backend, or draw digits at it. \`tensorflowjs_converter
--input_format keras trained/${gan ? 'generator' : 'model'}.keras out/\` (pip install tensorflowjs) does the same.
`;
}
