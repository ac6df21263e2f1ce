/**
 * The models the pages offer, by id, with what the pages call them. Each id has one module in
 * src/models (or src/models/gan) behind a typed registry keyed by these ids, so the compiler
 * refuses a model that is listed here but not built there, or the reverse.
 */
import { msg, type Message } from '../i18n/message';

interface ModelFacts {
  label: string;
  /** One line for the model picker. */
  description: string;
}

export const CNN_MODELS_INFO = {
  tiny: { label: 'Tiny CNN', description: 'Conv 8-16 straight into softmax: quick runs on slow devices (5k params, ~0.4 MFLOP/example).' },
  classic: { label: 'Classic CNN', description: 'The Keras MNIST example: conv 32-64-64, dense 64 (93k params, ~5.7 MFLOP/example).' },
  large: { label: 'Large CNN', description: 'Classic layout with doubled channels, conv 64-128-128, dense 128 (371k params, ~22 MFLOP/example).' },
  mlp: { label: 'MLP (dense only)', description: 'Flatten, dense 128, dense 10: the no-convolution baseline (102k params).' },
} as const satisfies Record<string, ModelFacts>;

export const GAN_MODELS_INFO = {
  mlp: { label: 'MLP GAN', description: 'Fully connected G 256-512-1024-784 and D 512-256-1 (1.49M + 0.53M params).' },
  dcgan: { label: 'DCGAN', description: 'Convolutional G (dense to 7x7x64, deconv 32-1) and D (conv 32-64), 5x5 stride 2 (369k + 55k params).' },
} as const satisfies Record<string, ModelFacts>;

export type CnnModelId = keyof typeof CNN_MODELS_INFO;
export type GanModelId = keyof typeof GAN_MODELS_INFO;

export const CNN_MODEL_IDS = Object.keys(CNN_MODELS_INFO) as CnnModelId[];
export const GAN_MODEL_IDS = Object.keys(GAN_MODELS_INFO) as GanModelId[];

function labelsOf<T extends Record<string, ModelFacts>>(info: T): Record<keyof T, string> {
  return Object.fromEntries(Object.entries(info).map(([id, facts]) => [id, facts.label])) as Record<keyof T, string>;
}

export const CNN_MODEL_LABELS = labelsOf(CNN_MODELS_INFO);
export const GAN_MODEL_LABELS = labelsOf(GAN_MODELS_INFO);

/** A model's label as a message value (its generated id), said in the reader's language. */
export function modelMessage(id: CnnModelId | GanModelId, workload: 'cnn' | 'gan' = 'cnn'): Message {
  return msg(`model.${workload}.${id}.label`);
}

/** A model id as the pages name it, whichever registry it is in; the id itself when unknown. */
export function modelLabel(id: string, workload: 'cnn' | 'gan' = 'cnn'): string {
  const labels: Record<string, string> = workload === 'gan' ? GAN_MODEL_LABELS : CNN_MODEL_LABELS;
  return Object.hasOwn(labels, id) ? labels[id] : id;
}
