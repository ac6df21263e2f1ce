import { describe, expect, it } from 'vitest';
import { CNN_TABLE, parseCnnConfig } from '../config/cnnConfig';
import { parseGanConfig } from '../config/ganConfig';
import { LAB_TABLE } from '../config/labConfig';
import { formErrorDetails } from '../config/schema';
import { Translator } from './translator';

const en = new Translator('en');
const zh = new Translator('zh-CN');

/** A refused setting is a message of the config layer; here it is said in the page's languages. */
describe('a refused setting, said', () => {
  it.each([
    ['batchSize', '0', "Batch size must be between 1 and 4096 examples (got '0')"],
    ['batchSize', '1e9', "Batch size must be between 1 and 4096 examples (got '1e9')"],
    ['batchSize', '2.5', "Batch size must be a whole number (got '2.5')"],
    ['learningRate', 'abc', "Learning rate must be a number (got 'abc')"],
    ['batchSize', '0x10', "Batch size must be a number (got '0x10')"],
    ['batchSize', ' 64 ', "Batch size must be a number (got ' 64 ')"],
    ['learningRate', '-1', "Learning rate must be between 0.000001 and 1 (got '-1')"],
    ['backend', 'cuda', "Backend must be one of cpu, wasm, webgl, webgpu (got 'cuda')"],
    ['accumulationSteps', '65', "Accumulate gradients over must be between 1 and 64 micro-batches (got '65')"],
    ['memoryBudgetMb', '-1', "GPU memory budget must be between 0 and 65536 MB (got '-1')"],
    ['dataPlacement', 'disk', "Training data must be one of device, host (got 'disk')"],
  ])('CNN %s=%s in English: %s', (key, value, english) => {
    const [error] = parseCnnConfig({ [key]: value }).errors;
    expect(en.say(error.message)).toBe(english);
  });

  it.each([
    ['model', 'stylegan', "Model must be one of mlp, dcgan (got 'stylegan')"],
    ['dStepsPerGStep', '11', "Discriminator steps per generator step must be between 1 and 10 (got '11')"],
    ['latentSize', '1', "Latent size must be between 2 and 512 dimensions (got '1')"],
    ['latentSize', '100.5', "Latent size must be a whole number (got '100.5')"],
    ['digit', '100', "Digit must be one of all, 0–99 (got '100')"],
    ['labelSmoothing', 'yes', "Label smoothing must be one of on, off (got 'yes')"],
    ['steps', '2000000', "Steps must be between 1 and 1000000 generator steps (got '2000000')"],
    ['dLearningRate', 'fast', "Discriminator learning rate must be a number (got 'fast')"],
  ])('GAN %s=%s in English: %s', (key, value, english) => {
    const [error] = parseGanConfig({ [key]: value }).errors;
    expect(en.say(error.message)).toBe(english);
  });

  it('in Chinese with the Chinese label and unit, the GAN and CNN model fields each by their own label', () => {
    const errors = formErrorDetails(CNN_TABLE, { batchSize: '0', learningRate: 'fast', model: 'huge' });
    expect(zh.say(errors.batchSize.message)).toBe("批大小必须在 1 到 4096 个样本之间（输入为 '0'）");
    expect(zh.say(errors.learningRate.message)).toBe("学习率必须是数字（输入为 'fast'）");
    expect(en.say(errors.model.message)).toBe("Model must be one of tiny, classic, large, mlp (got 'huge')");
    expect(zh.say(parseGanConfig({ model: 'x' }).errors[0].message)).toMatch(/^模型必须是以下之一：mlp, dcgan/);
  });

  it('a rule between two fields, with both labels, and 16 bits where the backend cannot', () => {
    const lab = formErrorDetails(LAB_TABLE, { matmulFrom: '1024', matmulTo: '64' });
    expect(en.say(lab.matmulFrom.message)).toBe('Matrix size from (1024) must not be above Matrix size to (64)');
    expect(zh.say(lab.matmulFrom.message)).not.toMatch(/Matrix|must/);
    const [float16] = parseCnnConfig({ backend: 'webgpu', precision: 'float16' }).errors;
    expect(en.say(float16.message)).toMatch(/^16-bit floats are not available on WebGPU: .*'shader-f16'/);
    expect(zh.say(float16.message)).toMatch(/^WebGPU 不支持 16 位浮点：/);
  });
});
