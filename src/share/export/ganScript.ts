/** train.py for a GAN run: the same G and D, losses and Adam settings, in a custom loop through strategy.run. */
import type { GanRunConfig } from '../../config/ganConfig';
import { PY_COMMON_ARGS, PY_DATA, PY_IMPORTS, PY_STRATEGY, PY_WEIGHTS, runLiteral } from './pythonCommon';

export function ganTrainScript(config: GanRunConfig, generatorFunction: string, discriminatorFunction: string, modelLabel: string): string {
  return `#!/usr/bin/env python3
"""${modelLabel} on ${config.dataset}, exported from GPU Playground.

The same generator and discriminator, the same losses (binary cross-entropy on D's logit, the
non-saturating generator loss, optional one-sided label smoothing), Adam settings and D steps per
G step as the browser run, in a custom training loop that runs each step on every replica through
strategy.run (MirroredStrategy over every local GPU, or MultiWorkerMirroredStrategy). It starts from
the browser-trained weights in weights.npz unless --fresh. Run \`python train.py --help\`.
"""
${PY_IMPORTS}

${runLiteral(config)}
HERE = os.path.dirname(os.path.abspath(__file__))
# The discriminator's target for real images: 0.9 with one-sided label smoothing, else 1.
REAL_LABEL = 0.9 if RUN["labelSmoothing"] == "on" else 1.0


${generatorFunction}


${discriminatorFunction}


${PY_DATA}


${PY_STRATEGY}


${PY_WEIGHTS}


def bce_with_logits(logits, label):
    """Per-example binary cross-entropy of sigmoid(logits): max(x, 0) - x*y + log(1 + e^-|x|), as the app computes it."""
    return tf.reduce_mean(tf.nn.relu(logits) - logits * label + tf.math.log1p(tf.exp(-tf.abs(logits))), axis=-1)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\\n")[0])
    p.add_argument("--steps", type=int, default=RUN["steps"], help="generator steps")
    p.add_argument("--batch-size", type=int, default=RUN["batchSize"], help="per device; the global batch is this times the devices")
    p.add_argument("--train-examples", type=int, default=60000)
${PY_COMMON_ARGS}
    args = p.parse_args()

    strategy = make_strategy(args)
    if args.mixed_precision:
        keras.mixed_precision.set_global_policy("mixed_float16")
    replicas = strategy.num_replicas_in_sync
    global_batch = args.batch_size * replicas
    x_train, y_train, _, _ = load_data(args.data, args.train_examples, 0)
    if RUN["digit"] != "all":
        x_train = x_train[y_train == int(RUN["digit"])]
    real_images = x_train * 2.0 - 1.0  # the generator draws in [-1, 1] (tanh)

    with strategy.scope():
        generator = build_generator()
        discriminator = build_discriminator()
        # Training works on D's logit, the layer before its final sigmoid, for a stable loss.
        d_logits = keras.Model(discriminator.inputs, discriminator.layers[-2].output)
        d_opt = keras.optimizers.Adam(learning_rate=RUN["dLearningRate"], beta_1=RUN["beta1"], beta_2=0.999, epsilon=1e-7)
        g_opt = keras.optimizers.Adam(learning_rate=RUN["gLearningRate"], beta_1=RUN["beta1"], beta_2=0.999, epsilon=1e-7)
        # Made here, not lazily inside strategy.run, so every replica shares the same Adam moments.
        d_opt.build(discriminator.trainable_variables)
        g_opt.build(generator.trainable_variables)
    if not args.fresh:
        load_weights(generator, os.path.join(HERE, "weights.npz"), "generator")
        load_weights(discriminator, os.path.join(HERE, "weights.npz"), "discriminator")

    latent = RUN["latentSize"]
    ds = tf.data.Dataset.from_tensor_slices(real_images).shuffle(len(real_images), seed=RUN["seed"], reshuffle_each_iteration=True)
    ds = ds.repeat().batch(global_batch, drop_remainder=True).prefetch(tf.data.AUTOTUNE)
    batches = iter(strategy.experimental_distribute_dataset(ds))

    def d_replica(real):
        noise = tf.random.normal([tf.shape(real)[0], latent])
        fake = generator(noise, training=False)
        with tf.GradientTape() as tape:
            per_example = bce_with_logits(d_logits(real, training=True), REAL_LABEL) + bce_with_logits(d_logits(fake, training=True), 0.0)
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch)
        grads = tape.gradient(loss, discriminator.trainable_variables)
        d_opt.apply_gradients(zip(grads, discriminator.trainable_variables))
        return loss

    def g_replica():
        noise = tf.random.normal([args.batch_size, latent])
        with tf.GradientTape() as tape:
            per_example = bce_with_logits(d_logits(generator(noise, training=True), training=True), 1.0)
            loss = tf.nn.compute_average_loss(per_example, global_batch_size=global_batch)
        grads = tape.gradient(loss, generator.trainable_variables)
        g_opt.apply_gradients(zip(grads, generator.trainable_variables))
        return loss

    @tf.function
    def d_step(real):
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(d_replica, args=(real,)), axis=None)

    @tf.function
    def g_step():
        return strategy.reduce(tf.distribute.ReduceOp.SUM, strategy.run(g_replica), axis=None)

    writer = tf.summary.create_file_writer(args.logdir)
    d_losses, g_losses = [], []
    for step in range(1, args.steps + 1):
        for _ in range(RUN["dStepsPerGStep"]):
            d_loss = float(d_step(next(batches)))
        g_loss = float(g_step())
        d_losses.append(d_loss)
        g_losses.append(g_loss)
        with writer.as_default():
            tf.summary.scalar("d_loss", d_loss, step=step)
            tf.summary.scalar("g_loss", g_loss, step=step)
        if step % 100 == 0 or step == args.steps:
            print(json.dumps({"step": step, "d_loss": d_loss, "g_loss": g_loss}))

    os.makedirs(args.out, exist_ok=True)
    generator.save(os.path.join(args.out, "generator.keras"))
    discriminator.save(os.path.join(args.out, "discriminator.keras"))
    save_for_the_app(generator, os.path.join(HERE, "generator_topology.json"), os.path.join(args.out, "tfjs-generator"))
    save_for_the_app(discriminator, os.path.join(HERE, "discriminator_topology.json"), os.path.join(args.out, "tfjs-discriminator"))
    summary = {
        "params": int(generator.count_params() + discriminator.count_params()),
        "replicas": replicas,
        "global_batch": global_batch,
        "per_replica_batch": args.batch_size,
        "d_loss": d_losses,
        "g_loss": g_losses,
    }
    if args.summary:
        with open(args.summary, "w") as f:
            json.dump(summary, f)


if __name__ == "__main__":
    main()
`;
}
