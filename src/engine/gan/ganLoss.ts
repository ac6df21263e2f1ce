import * as tf from '@tensorflow/tfjs';

/**
 * Mean binary cross-entropy of sigmoid(logits) against one target label, computed from the logits as
 * max(x,0) − x·y + log(1 + e^−|x|): no log(0) and no vanishing gradient when the sigmoid saturates.
 */
export function binaryCrossEntropyWithLogits(logits: tf.Tensor, label: number): tf.Scalar {
  return tf.tidy(() => {
    const perExample = tf.add(tf.sub(tf.relu(logits), tf.mul(logits, label)), tf.log1p(tf.exp(tf.neg(tf.abs(logits)))));
    return tf.mean(perExample) as tf.Scalar;
  });
}
