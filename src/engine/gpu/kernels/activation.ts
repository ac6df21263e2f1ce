/** The activations the engine fuses into a layer's output, and their derivatives read from that output. */

/** softmax only ends a classifier, where the loss kernel applies it (a plan never fuses it into a layer). */
export type ActivationKind = 'linear' | 'relu' | 'leakyRelu' | 'tanh' | 'sigmoid' | 'softmax';

const NAMED: Record<string, ActivationKind> = { linear: 'linear', relu: 'relu', tanh: 'tanh', sigmoid: 'sigmoid', softmax: 'softmax' };

/** The activation a TensorFlow.js config names (absent: linear); null for one the engine has no kernel for. */
export function activationNamed(name: unknown): Activation | null {
  if (name === undefined || name === null) return LINEAR;
  const kind = typeof name === 'string' ? NAMED[name] : undefined;
  return kind ? { kind } : null;
}

function notFused(act: Activation): never {
  throw new Error(`The ${act.kind} activation is applied by the loss kernel, never inside a layer.`);
}

export interface Activation {
  kind: ActivationKind;
  /** LeakyReLU's slope below zero. */
  alpha?: number;
}

export const LINEAR: Activation = { kind: 'linear' };


/** A float as a WGSL literal (always with a point or exponent, so WGSL reads it as f32). */
export function f32Literal(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} cannot be a WGSL constant.`);
  const text = String(Math.fround(value));
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** WGSL for act(x), x an f32 expression. tanh and the sigmoid in forms that never divide infinities. */
export function applyActivation(act: Activation, x: string): string {
  switch (act.kind) {
    case 'linear':
      return x;
    case 'relu':
      return `max(${x}, 0.0)`;
    case 'leakyRelu':
      return `select(${f32Literal(act.alpha ?? 0)} * (${x}), ${x}, (${x}) > 0.0)`;
    case 'tanh':
      return `stableTanh(${x})`;
    case 'sigmoid':
      return `stableSigmoid(${x})`;
    case 'softmax':
      return notFused(act);
    default:
      return act.kind satisfies never;
  }
}

/** WGSL for d act / d x at the point whose output is y (an f32 expression); null where it is 1. */
export function derivativeFromOutput(act: Activation, y: string): string | null {
  switch (act.kind) {
    case 'linear':
      return null;
    case 'relu':
      return `select(0.0, 1.0, (${y}) > 0.0)`;
    case 'leakyRelu':
      return `select(${f32Literal(act.alpha ?? 0)}, 1.0, (${y}) > 0.0)`;
    case 'tanh':
      return `(1.0 - (${y}) * (${y}))`;
    case 'sigmoid':
      return `((${y}) * (1.0 - (${y})))`;
    case 'softmax':
      return notFused(act);
    default:
      return act.kind satisfies never;
  }
}

/** `value`, times the derivative of `act` read from its output `y`: a gradient through an activation. */
export function throughActivation(act: Activation, value: string, y: string): string {
  const derivative = derivativeFromOutput(act, y);
  return derivative ? `(${value}) * ${derivative}` : value;
}

/** WGSL helpers applyActivation may call; included once in every kernel that applies an activation. */
export const ACTIVATION_HELPERS = `
fn stableTanh(x: f32) -> f32 { let e = exp(-2.0 * abs(x)); return sign(x) * (1.0 - e) / (1.0 + e); }
fn stableSigmoid(x: f32) -> f32 { let e = exp(-abs(x)); return select(e / (1.0 + e), 1.0 / (1.0 + e), x >= 0.0); }
`;
