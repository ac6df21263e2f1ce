/** train.py for a CNN (or MLP) run: the same Keras model, Adam, loss and tf.data pipeline, on any number of devices. */
import type { CnnRunConfig } from '../../config/cnnConfig';
import { PY_COMMON_ARGS, PY_DATA, PY_IMPORTS, PY_STRATEGY, PY_WEIGHTS, runLiteral } from './pythonCommon';

/** Adam exactly as TensorFlow.js's tf.train.adam(learningRate) is built (its defaults written out). */
const ADAM = 'beta_1=0.9, beta_2=0.999, epsilon=1e-7';

export function cnnTrainScript(config: CnnRunConfig, modelFunction: string, modelLabel: string): string {
  return `#!/usr/bin/env python3
"""${modelLabel} on ${config.dataset}, exported from GPU Playground.

The same model (layers, initialisers), optimiser (Adam), loss (cross-entropy) and input pipeline
(shuffle each epoch, batch, prefetch) as the browser run, on every local GPU through
tf.distribute.MirroredStrategy (one device when there is no GPU), or on several machines through
MultiWorkerMirroredStrategy. It starts from the browser-trained weights in weights.npz unless --fresh.
Run \`python train.py --help\` for the options; README.md has the recipes.
"""
${PY_IMPORTS}

${runLiteral(config)}
HERE = os.path.dirname(os.path.abspath(__file__))


${modelFunction}


${PY_DATA}


def pipeline(x, y, batch, seed, training):
    """Shuffled anew every epoch (the app: a seeded shuffle per epoch), batched, prefetched."""
    ds = tf.data.Dataset.from_tensor_slices((x, y))
    if training:
        ds = ds.shuffle(len(x), seed=seed, reshuffle_each_iteration=True)
    # The app trains on whole batches only.
    return ds.batch(batch, drop_remainder=training).prefetch(tf.data.AUTOTUNE)


${PY_STRATEGY}


${PY_WEIGHTS}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\\n")[0])
    p.add_argument("--epochs", type=int, default=RUN["epochs"])
    p.add_argument("--steps", type=int, default=None, help="steps per epoch (default: the whole training set)")
    p.add_argument("--batch-size", type=int, default=RUN["batchSize"], help="per device; the global batch is this times the devices")
    p.add_argument("--train-examples", type=int, default=RUN["trainExamples"])
    p.add_argument("--test-examples", type=int, default=RUN["testExamples"])
    p.add_argument("--accumulate", type=int, default=RUN.get("accumulateSteps", 1), help="apply gradients once every K batches")
${PY_COMMON_ARGS}
    args = p.parse_args()

    strategy, replicas, global_batch = distribute(args)
    x_train, y_train, x_test, y_test = load_data(args.data, args.train_examples, args.test_examples)

    with strategy.scope():
        model = build_model()
        accumulate = args.accumulate if args.accumulate > 1 else None
        optimizer = keras.optimizers.Adam(learning_rate=RUN["learningRate"], ${ADAM}, gradient_accumulation_steps=accumulate)
        # The app's loss: mean categorical cross-entropy of the softmax output, here from integer labels.
        model.compile(optimizer=optimizer, loss=keras.losses.SparseCategoricalCrossentropy(), metrics=["accuracy"])
    if not args.fresh:
        load_weights(model, os.path.join(HERE, "weights.npz"), "model")

    train = pipeline(x_train, y_train, global_batch, RUN["seed"], True)
    test = pipeline(x_test, y_test, global_batch, RUN["seed"], False)
    history = model.fit(train, epochs=args.epochs, steps_per_epoch=args.steps, validation_data=test, callbacks=[keras.callbacks.TensorBoard(log_dir=args.logdir)], verbose=2)

    os.makedirs(args.out, exist_ok=True)
    model.save(os.path.join(args.out, "model.keras"))
    save_for_the_app(model, os.path.join(HERE, "model_topology.json"), os.path.join(args.out, "tfjs"))
    summary = {
        "params": int(model.count_params()),
        "replicas": replicas,
        "global_batch": global_batch,
        "per_replica_batch": args.batch_size,
        "classes": int(model.output_shape[-1]),
        "train_examples": int(len(x_train)),
        "loss": [float(v) for v in history.history["loss"]],
        "val_accuracy": [float(v) for v in history.history.get("val_accuracy", [])],
    }
    print(json.dumps(summary))
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(summary, f)


if __name__ == "__main__":
    main()
`;
}
