/** Python shared by the exported CNN and GAN scripts: imports, data, devices and the way back to the app. */
import type { RunConfig } from '../../config/workloads';

/** A run configuration as a Python literal the script reads its defaults from. */
export function runLiteral(config: RunConfig): string {
  return `RUN = json.loads(r'''${JSON.stringify(config, null, 2)}''')`;
}

export const PY_IMPORTS = `import argparse
import json
import os

import numpy as np
import tensorflow as tf
import keras
from keras import layers`;

/** Data from keras.datasets, or a data set of your own the package carries (dataset.npz), or an .npz slice; scaled like the app's assets. */
export const PY_DATA = `def load_data(path, train_examples, test_examples):
    """Images as float32 [N, side, side, channels] in [0, 1] (MNIST: 28, 28, 1; a colour set of your own: 32, 32, 3) and integer labels."""
    if not path and RUN["dataset"].startswith("own:"):
        # A data set of your own travels with the package: uint8 images and labels, and its class names.
        path = os.path.join(HERE, "dataset.npz")
    if path:
        data = np.load(path)
        x_train, y_train, x_test, y_test = data["x_train"], data["y_train"], data["x_test"], data["y_test"]
    else:
        source = keras.datasets.mnist if RUN["dataset"] == "mnist" else keras.datasets.fashion_mnist
        (x_train, y_train), (x_test, y_test) = source.load_data()

    def images(x, n):
        # Grayscale comes as [N, side, side] (keras.datasets.mnist), colour as [N, side, side, 3]: channel-last either way.
        x = x[:n].astype("float32") / 255.0
        return x if x.ndim == 4 else x[..., np.newaxis]

    return images(x_train, train_examples), y_train[:train_examples].astype("int32"), images(x_test, test_examples), y_test[:test_examples].astype("int32")`;

/** Devices: all local GPUs (or CPU) with MirroredStrategy, logical CPUs to try it without GPUs, or many machines. */
export const PY_STRATEGY = `def make_strategy(args):
    """MirroredStrategy over every local GPU (one device when there is none), or MultiWorkerMirroredStrategy."""
    if args.multi_worker:
        return tf.distribute.MultiWorkerMirroredStrategy()
    if args.logical_cpus > 1:
        cpu = tf.config.list_physical_devices("CPU")[0]
        tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * args.logical_cpus)
        return tf.distribute.MirroredStrategy([d.name for d in tf.config.list_logical_devices("CPU")])
    return tf.distribute.MirroredStrategy()


def distribute(args):
    """The strategy, its replica count and the global batch (the per-device batch times the replicas)."""
    strategy = make_strategy(args)
    if args.mixed_precision:
        keras.mixed_precision.set_global_policy("mixed_float16")
    replicas = strategy.num_replicas_in_sync
    return strategy, replicas, args.batch_size * replicas`;

/** Weights in and out: the browser's .npz, and back to the app's own format (TensorFlow.js layers model). */
export const PY_WEIGHTS = `def load_weights(model, path, prefix):
    """The browser-trained weights, in the order the app wrote them."""
    data = np.load(path)
    names = sorted(k for k in data.files if k.startswith(prefix + "_"))
    model.set_weights([data[k] for k in names])


def save_for_the_app(model, topology_path, out_dir):
    """The model as a TensorFlow.js layers model (model.json + one weights file): the app's Load reads it."""
    with open(topology_path) as f:
        topology = json.load(f)
    os.makedirs(out_dir, exist_ok=True)
    specs, chunks = [], []
    for weight, value in zip(model.weights, model.get_weights()):
        value = np.asarray(value, dtype="<f4")
        specs.append({"name": weight.path, "shape": list(value.shape), "dtype": "float32"})
        chunks.append(value.tobytes())
    with open(os.path.join(out_dir, "weights.bin"), "wb") as f:
        f.write(b"".join(chunks))
    manifest = [{"paths": ["weights.bin"], "weights": specs}]
    with open(os.path.join(out_dir, "model.json"), "w") as f:
        json.dump({"format": "layers-model", "generatedBy": "GPU Playground export", "modelTopology": topology, "weightsManifest": manifest}, f)`;

/** Arguments every exported script takes. */
export const PY_COMMON_ARGS = `    p.add_argument("--data", help="an .npz with x_train, y_train, x_test, y_test instead of keras.datasets (or the package's dataset.npz)")
    p.add_argument("--fresh", action="store_true", help="start from new weights, not the browser-trained ones")
    p.add_argument("--logical-cpus", type=int, default=0, help="split the CPU into N devices to try MirroredStrategy without GPUs")
    p.add_argument("--multi-worker", action="store_true", help="MultiWorkerMirroredStrategy over the machines in TF_CONFIG")
    p.add_argument("--mixed-precision", action="store_true", help="keras mixed_float16 policy (fast on GPUs with tensor cores)")
    p.add_argument("--logdir", default="logs", help="TensorBoard logs")
    p.add_argument("--out", default="trained", help="where the trained model goes (Keras and TensorFlow.js formats)")
    p.add_argument("--summary", help="write a JSON summary of the run here")`;
