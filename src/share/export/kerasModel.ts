/**
 * The app's models as Keras code: a Sequential model's topology (the Keras-format JSON TensorFlow.js
 * writes with model.toJSON) read strictly, then written back as `keras.Sequential([...])` with the
 * same layers, names, shapes, activations, paddings and initialisers. Only the layer kinds the app's
 * models use are known; anything else is refused by name, never guessed.
 */
import { isPlainObject, safeEntries } from '../untrusted';

export interface LayerTopology {
  className: string;
  config: ReadonlyMap<string, unknown>;
}

export interface ModelTopology {
  name: string;
  /** The input shape without the batch dimension, e.g. [28, 28, 1] or [100]. */
  inputShape: number[];
  layers: LayerTopology[];
}

/** A model with more layers than this is not one of the app's, and is refused before any work. */
export const MAX_EXPORT_LAYERS = 64;
const NAME = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const ACTIVATIONS = ['linear', 'relu', 'sigmoid', 'tanh', 'softmax'] as const;
const PADDINGS = ['valid', 'same'] as const;

export class ExportError extends Error {}

function fail(message: string): never {
  throw new ExportError(message);
}

function entriesOf(raw: unknown, what: string): Map<string, unknown> {
  if (!isPlainObject(raw)) fail(`${what} is not an object`);
  return safeEntries(raw).entries;
}

function positiveInt(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 1_000_000) fail(`${what} must be a positive whole number`);
  return value;
}

function pair(value: unknown, what: string): [number, number] {
  const list = typeof value === 'number' ? [value, value] : value;
  if (!Array.isArray(list) || list.length !== 2) fail(`${what} must be two whole numbers`);
  return [positiveInt(list[0], what), positiveInt(list[1], what)];
}

function oneOf<T extends string>(value: unknown, options: readonly T[], what: string): T {
  if (typeof value !== 'string' || !(options as readonly string[]).includes(value)) fail(`${what} must be one of ${options.join(', ')}`);
  return value as T;
}

function finite(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) fail(`${what} must be a number`);
  return value;
}

/** A TensorFlow.js model topology (the `modelTopology` of a model.json, or model.toJSON()), read strictly. */
export function readTopology(raw: unknown): ModelTopology {
  const top = entriesOf(raw, 'The model topology');
  const inner = top.has('model_config') ? entriesOf(top.get('model_config'), 'The model configuration') : top;
  if (inner.get('class_name') !== 'Sequential') fail('Only Sequential models can be exported');
  const config = entriesOf(inner.get('config'), 'The Sequential configuration');
  const name = config.get('name');
  if (typeof name !== 'string' || !NAME.test(name)) fail('The model name must be a short identifier');
  const layersRaw = config.get('layers');
  if (!Array.isArray(layersRaw) || layersRaw.length === 0) fail('The model has no layers');
  if (layersRaw.length > MAX_EXPORT_LAYERS) fail(`The model has ${layersRaw.length} layers; at most ${MAX_EXPORT_LAYERS} can be exported`);
  const layers = layersRaw.map((layer, i): LayerTopology => {
    const entries = entriesOf(layer, `Layer ${i + 1}`);
    const className = entries.get('class_name');
    if (typeof className !== 'string') fail(`Layer ${i + 1} has no class name`);
    return { className, config: entriesOf(entries.get('config'), `Layer ${i + 1}'s configuration`) };
  });
  const batchShape = layers[0].config.get('batch_input_shape');
  if (!Array.isArray(batchShape) || batchShape.length < 2 || batchShape[0] !== null) fail('The first layer must declare its input shape');
  const inputShape = batchShape.slice(1).map((d, i) => positiveInt(d, `Input dimension ${i + 1}`));
  return { name, inputShape, layers };
}

const py = {
  str: (s: string) => JSON.stringify(s),
  tuple: (values: readonly number[]) => (values.length === 1 ? `(${values[0]},)` : `(${values.join(', ')})`),
  num: (n: number) => (Number.isInteger(n) ? `${n}.0` : String(n)),
};

function layerName(config: ReadonlyMap<string, unknown>, index: number): string {
  const name = config.get('name');
  if (typeof name !== 'string' || !NAME.test(name)) fail(`Layer ${index + 1} has no usable name`);
  return name;
}

/** A Keras initialiser for a TensorFlow.js one; the seed is kept so a fresh run starts alike in spirit (Keras draws its own numbers). */
function initializer(raw: unknown, what: string): string {
  const entries = entriesOf(raw, what);
  const className = entries.get('class_name');
  const config = entries.has('config') && entries.get('config') !== null ? entriesOf(entries.get('config'), what) : new Map<string, unknown>();
  if (className === 'Zeros') return "'zeros'";
  if (className === 'VarianceScaling' || className === 'GlorotUniform') {
    // TensorFlow.js writes its glorotUniform as VarianceScaling(1, fan_avg, uniform); Keras has the same class.
    const scale = className === 'GlorotUniform' ? 1 : finite(config.get('scale'), `${what}'s scale`);
    const mode = className === 'GlorotUniform' ? 'fan_avg' : oneOf(config.get('mode'), ['fan_in', 'fan_out', 'fan_avg'], `${what}'s mode`);
    const distribution = className === 'GlorotUniform' ? 'uniform' : oneOf(config.get('distribution'), ['uniform', 'normal', 'truncated_normal'], `${what}'s distribution`);
    const seed = config.get('seed');
    if (seed !== null && seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0)) fail(`${what}'s seed must be a whole number`);
    // tfjs's 'normal' is a truncated normal, as Keras's 'truncated_normal'.
    const kerasDistribution = distribution === 'normal' ? 'truncated_normal' : distribution;
    const seedArg = typeof seed === 'number' ? `, seed=${seed}` : '';
    return `keras.initializers.VarianceScaling(scale=${py.num(scale)}, mode=${py.str(mode)}, distribution=${py.str(kerasDistribution)}${seedArg})`;
  }
  return fail(`${what} is ${String(className)}, which the export does not know`);
}

function activation(config: ReadonlyMap<string, unknown>, what: string): string {
  return py.str(oneOf(config.get('activation') ?? 'linear', ACTIVATIONS, `${what}'s activation`));
}

function convArgs(config: ReadonlyMap<string, unknown>, what: string): string[] {
  if ((config.get('data_format') ?? 'channels_last') !== 'channels_last') fail(`${what} must be channels_last`);
  const [kh, kw] = pair(config.get('kernel_size'), `${what}'s kernel size`);
  const [sh, sw] = pair(config.get('strides') ?? 1, `${what}'s strides`);
  return [
    `${positiveInt(config.get('filters'), `${what}'s filters`)}`,
    `kernel_size=${py.tuple([kh, kw])}`,
    `strides=${py.tuple([sh, sw])}`,
    `padding=${py.str(oneOf(config.get('padding') ?? 'valid', PADDINGS, `${what}'s padding`))}`,
    `activation=${activation(config, what)}`,
    `use_bias=${config.get('use_bias') === false ? 'False' : 'True'}`,
    `kernel_initializer=${initializer(config.get('kernel_initializer'), `${what}'s kernel initialiser`)}`,
    `bias_initializer=${initializer(config.get('bias_initializer'), `${what}'s bias initialiser`)}`,
  ];
}

/** One layer as a Keras constructor call. */
export function kerasLayer(layer: LayerTopology, index: number): string {
  const { config } = layer;
  const name = layerName(config, index);
  const what = `Layer ${py.str(name)}`;
  const args = (() => {
    switch (layer.className) {
      case 'Conv2D':
      case 'Conv2DTranspose':
        if (layer.className === 'Conv2D' && pair(config.get('dilation_rate') ?? 1, `${what}'s dilation`).some((d) => d !== 1)) fail(`${what} is dilated, which the export does not know`);
        return convArgs(config, what);
      case 'MaxPooling2D': {
        const pool = pair(config.get('pool_size'), `${what}'s pool size`);
        const strides = pair(config.get('strides') ?? pool, `${what}'s strides`);
        return [`pool_size=${py.tuple(pool)}`, `strides=${py.tuple(strides)}`, `padding=${py.str(oneOf(config.get('padding') ?? 'valid', PADDINGS, `${what}'s padding`))}`];
      }
      case 'Flatten':
        return [];
      case 'Dense':
        return [
          `${positiveInt(config.get('units'), `${what}'s units`)}`,
          `activation=${activation(config, what)}`,
          `use_bias=${config.get('use_bias') === false ? 'False' : 'True'}`,
          `kernel_initializer=${initializer(config.get('kernel_initializer'), `${what}'s kernel initialiser`)}`,
          `bias_initializer=${initializer(config.get('bias_initializer'), `${what}'s bias initialiser`)}`,
        ];
      case 'LeakyReLU':
        return [`negative_slope=${py.num(finite(config.get('alpha'), `${what}'s slope`))}`];
      case 'Activation':
        return [activation(config, what)];
      case 'Reshape': {
        const target = config.get('target_shape');
        if (!Array.isArray(target) || target.length === 0) fail(`${what} has no target shape`);
        return [py.tuple(target.map((d, i) => positiveInt(d, `${what}'s dimension ${i + 1}`)))];
      }
      default:
        return fail(`${what} is a ${layer.className}, which the export does not know`);
    }
  })();
  return `layers.${layer.className}(${[...args, `name=${py.str(name)}`].join(', ')})`;
}

/** `def <fn>():` returning the model as keras.Sequential, input first. */
export function kerasModelFunction(fn: string, topology: ModelTopology): string {
  const body = [`keras.Input(shape=${py.tuple(topology.inputShape)})`, ...topology.layers.map((layer, i) => kerasLayer(layer, i))];
  return [`def ${fn}():`, `    return keras.Sequential([`, ...body.map((line) => `        ${line},`), `    ], name=${py.str(topology.name)})`].join('\n');
}
