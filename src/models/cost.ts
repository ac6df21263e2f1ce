// FLOPs per example, forward pass, from layer shapes: a multiply-add is 2, any other arithmetic op 1; pure data movement 0.
// A training step is taken as 3x forward (forward + backward ≈ 2x forward); the exact rule for every layer class is in FLOP_RULES.
import * as tf from '@tensorflow/tfjs';
import type { LayerCost, ModelCost } from './types';

/** Forward + backward, the backward pass costing about twice the forward. */
export const TRAIN_TO_FORWARD_FLOP_RATIO = 3;
/** Bilinear upsampling blends 4 neighbours per output element: 4 multiplies + 3 adds. */
const BILINEAR_FLOPS_PER_OUTPUT = 7;
/** Batch norm per element: subtract the mean and multiply by the inverse std (gamma and beta add one each). */
const BATCH_NORM_BASE_FLOPS_PER_ELEMENT = 2;

type ConfigDict = ReturnType<tf.layers.Layer['getConfig']>;

/** One layer's per-example shapes (batch dimension dropped) and its serialized config. */
interface LayerShapes {
  inputs: number[][];
  output: number[];
  config: ConfigDict;
}

type FlopRule = (layer: LayerShapes) => number;

const zeroFlops: FlopRule = () => 0;
const onePerOutput: FlopRule = ({ output }) => elementCount(output);
const onePerInput: FlopRule = ({ inputs }) => elementCount(inputs[0]);
/** Element-wise merge of n inputs: n - 1 ops per output element. */
const mergeFlops: FlopRule = ({ inputs, output }) => (inputs.length - 1) * elementCount(output);

/** Forward FLOPs per example by Keras layer class name. Unknown classes throw rather than count 0. */
const FLOP_RULES: Record<string, FlopRule> = {
  InputLayer: zeroFlops,
  Flatten: zeroFlops,
  Reshape: zeroFlops,
  Concatenate: zeroFlops,
  // A table look-up, no arithmetic.
  Embedding: zeroFlops,
  // Identity at inference; the training-time mask multiply is not counted.
  Dropout: zeroFlops,
  Conv2D: convFlops,
  Conv2DTranspose: convTransposeFlops,
  Dense: denseFlops,
  MaxPooling2D: poolFlops,
  AveragePooling2D: poolFlops,
  GlobalMaxPooling2D: onePerInput,
  GlobalAveragePooling2D: onePerInput,
  UpSampling2D: upSamplingFlops,
  BatchNormalization: batchNormFlops,
  Activation: ({ config, output }) => activationFlops(config, output),
  ReLU: onePerOutput,
  LeakyReLU: onePerOutput,
  PReLU: onePerOutput,
  ELU: onePerOutput,
  ThresholdedReLU: onePerOutput,
  Softmax: onePerOutput,
  Add: mergeFlops,
  Multiply: mergeFlops,
};

/** Per-layer and total analytic cost of a built model; nested models are expanded into their layers. */
export function analyzeModel(model: tf.LayersModel): ModelCost {
  const layers = collectLayerCosts(model, '');
  const forwardFlopsPerExample = layers.reduce((sum, layer) => sum + layer.forwardFlops, 0);
  return {
    layers,
    params: model.countParams(),
    forwardFlopsPerExample,
    trainFlopsPerExample: TRAIN_TO_FORWARD_FLOP_RATIO * forwardFlopsPerExample,
  };
}

function collectLayerCosts(model: tf.LayersModel, namePrefix: string): LayerCost[] {
  return model.layers.flatMap((layer) => {
    const name = namePrefix + layer.name;
    if (layer instanceof tf.LayersModel) return collectLayerCosts(layer, `${name}/`);
    return [layerCost(layer, name)];
  });
}

function layerCost(layer: tf.layers.Layer, name: string): LayerCost {
  const className = layer.getClassName();
  const rule = FLOP_RULES[className];
  if (!rule) {
    throw new Error(`analyzeModel: no FLOP rule for layer class "${className}" (layer "${name}"); add one in src/models/cost.ts`);
  }
  const shapes = layerShapes(layer, name);
  return { name, className, outputShape: shapes.output, params: layer.countParams(), forwardFlops: rule(shapes) };
}

function layerShapes(layer: tf.layers.Layer, name: string): LayerShapes {
  const inputs = toList(layer.getInputAt(0)).map((tensor) => perExampleShape(tensor.shape, name));
  const outputs = toList(layer.getOutputAt(0));
  if (outputs.length !== 1) throw new Error(`analyzeModel: layer "${name}" has ${outputs.length} outputs; only single-output layers are supported`);
  return { inputs, output: perExampleShape(outputs[0].shape, name), config: layer.getConfig() };
}

function toList(tensors: tf.SymbolicTensor | tf.SymbolicTensor[]): tf.SymbolicTensor[] {
  return Array.isArray(tensors) ? tensors : [tensors];
}

/** Drops the batch dimension; every other dimension must be known. */
function perExampleShape(shape: (number | null)[], layerName: string): number[] {
  const dims = shape.slice(1);
  if (dims.some((dim) => dim === null)) {
    throw new Error(`analyzeModel: layer "${layerName}" has an unknown dimension in shape [${shape.join(', ')}]`);
  }
  return dims as number[];
}

function elementCount(shape: number[]): number {
  return shape.reduce((product, dim) => product * dim, 1);
}

function convFlops({ inputs, output, config }: LayerShapes): number {
  const [kernelH, kernelW] = readPair(config, 'kernelSize');
  const inChannels = channelCount(inputs[0], config);
  const outElements = elementCount(output);
  // 2·kh·kw·cin per output element = 2·kh·kw·cin·cout·oh·ow.
  const multiplyAdds = 2 * kernelH * kernelW * inChannels * outElements;
  return multiplyAdds + biasFlops(config, output) + activationFlops(config, output);
}

function convTransposeFlops({ inputs, output, config }: LayerShapes): number {
  const [kernelH, kernelW] = readPair(config, 'kernelSize');
  const outChannels = channelCount(output, config);
  // Each input element scatters a kh·kw·cout patch: 2·kh·kw·cout·cin·ih·iw.
  const multiplyAdds = 2 * kernelH * kernelW * outChannels * elementCount(inputs[0]);
  return multiplyAdds + biasFlops(config, output) + activationFlops(config, output);
}

function denseFlops({ inputs, output, config }: LayerShapes): number {
  const inUnits = inputs[0][inputs[0].length - 1];
  // 2·in per output element = 2·in·out (times any leading dims of a rank>2 input).
  return 2 * inUnits * elementCount(output) + biasFlops(config, output) + activationFlops(config, output);
}

function poolFlops({ output, config }: LayerShapes): number {
  const [poolH, poolW] = readPair(config, 'poolSize');
  return poolH * poolW * elementCount(output);
}

function upSamplingFlops({ output, config }: LayerShapes): number {
  const interpolation = config.interpolation ?? 'nearest';
  if (interpolation === 'nearest') return 0;
  if (interpolation === 'bilinear') return BILINEAR_FLOPS_PER_OUTPUT * elementCount(output);
  throw new Error(`analyzeModel: no FLOP rule for UpSampling2D interpolation "${String(interpolation)}"`);
}

function batchNormFlops({ output, config }: LayerShapes): number {
  const perElement = BATCH_NORM_BASE_FLOPS_PER_ELEMENT + (config.scale === false ? 0 : 1) + (config.center === false ? 0 : 1);
  return perElement * elementCount(output);
}

function biasFlops(config: ConfigDict, output: number[]): number {
  return config.useBias === false ? 0 : elementCount(output);
}

/** A fused or standalone activation: 0 when linear, else 1 per output element. */
function activationFlops(config: ConfigDict, output: number[]): number {
  const activation = config.activation ?? 'linear';
  return activation === 'linear' ? 0 : elementCount(output);
}

function channelCount(shape: number[], config: ConfigDict): number {
  return config.dataFormat === 'channelsFirst' ? shape[0] : shape[shape.length - 1];
}

function readPair(config: ConfigDict, key: string): [number, number] {
  const value = config[key];
  if (typeof value === 'number') return [value, value];
  if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'number')) {
    return [value[0] as number, value[1] as number];
  }
  throw new Error(`analyzeModel: expected a number or pair for "${key}", got ${JSON.stringify(value)}`);
}
