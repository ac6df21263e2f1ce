import * as tf from '@tensorflow/tfjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { defaultGanConfig } from '../../config/ganConfig';
import { GAN_MODEL_IDS } from '../../config/models';
import { getGanModel } from '../../models/gan/registry';
import { BACKEND_RUNTIMES } from '../backends/registry';
import { GanTrainer, type GanTrainerConfig } from './ganSteps';

const SEED = 7;
/** Tiny batches, for the plain-JS cpu backend. */
const STEP_BATCH = 2;
/**
 * Where each model's trainer is checked: the MLP GAN on cpu; the DCGAN on wasm, since its convolution gradients
 * take tens of seconds a step on the plain-JS cpu backend and the trainer's logic, not the backend, is the point.
 */
const BACKEND_OF = { mlp: 'cpu', dcgan: 'wasm' } as const satisfies Record<(typeof GAN_MODEL_IDS)[number], 'cpu' | 'wasm'>;
const PREVIEW_COUNT = 4;
const STEPS_AFTER_WARMUP = 2;

beforeAll(async () => {
  await BACKEND_RUNTIMES.wasm.load();
});

async function use(backend: 'cpu' | 'wasm'): Promise<void> {
  expect(await tf.setBackend(backend)).toBe(true);
}

function config(overrides: Partial<GanTrainerConfig> = {}): GanTrainerConfig {
  return { ...defaultGanConfig(), seed: SEED, ...overrides };
}

function realBatch(count = STEP_BATCH, seed = SEED): tf.Tensor4D {
  return tf.randomUniform([count, 28, 28, 1], -1, 1, 'float32', seed);
}

function weightBytes(model: tf.LayersModel): Buffer[] {
  return model.getWeights().map((weight) => Buffer.from((weight.dataSync() as Float32Array).slice().buffer));
}

/** For each weight tensor: is it bitwise equal to its earlier snapshot? */
function unchanged(before: Buffer[], model: tf.LayersModel): boolean[] {
  return weightBytes(model).map((bytes, index) => bytes.equals(before[index]));
}

function readScalars(scalars: Record<string, tf.Scalar>): Record<string, number> {
  const values = Object.fromEntries(Object.entries(scalars).map(([key, scalar]) => [key, scalar.dataSync()[0]]));
  tf.dispose(Object.values(scalars));
  return values;
}

/** One D step and one G step; the losses are read and disposed, as a caller would. */
function iterate(trainer: GanTrainer, real: tf.Tensor4D): Record<string, number> {
  const d = readScalars(trainer.discriminatorStep(real));
  const g = readScalars(trainer.generatorStep(real.shape[0]));
  return { dLoss: d.dLoss, dReal: d.dReal, dFake: d.dFake, gLoss: g.gLoss, gStepDFake: g.dFake };
}

function withTrainer<T>(trainerConfig: GanTrainerConfig, use: (trainer: GanTrainer) => T, id = 'mlp' as const): T {
  const trainer = new GanTrainer(getGanModel(id), trainerConfig, PREVIEW_COUNT);
  try {
    return use(trainer);
  } finally {
    trainer.dispose();
  }
}

describe.each(GAN_MODEL_IDS.map((id) => [id, BACKEND_OF[id]] as const))('%s GAN trainer on %s', (id, backend) => {
  beforeAll(() => use(backend));
  const make = () => new GanTrainer(getGanModel(id), config(), PREVIEW_COUNT);

  it('a discriminator step updates every D weight and leaves every G weight bitwise unchanged', () => {
    const trainer = make();
    const real = realBatch();
    try {
      const gBefore = weightBytes(trainer.generator);
      const dBefore = weightBytes(trainer.discriminator);
      const losses = readScalars(trainer.discriminatorStep(real));
      expect(unchanged(gBefore, trainer.generator).every(Boolean)).toBe(true);
      expect(unchanged(dBefore, trainer.discriminator).some(Boolean)).toBe(false);
      expect(Object.keys(losses).sort()).toEqual(['dFake', 'dLoss', 'dReal']);
    } finally {
      real.dispose();
      trainer.dispose();
    }
  });

  it('a generator step updates every G weight and leaves every D weight bitwise unchanged', () => {
    const trainer = make();
    try {
      const gBefore = weightBytes(trainer.generator);
      const dBefore = weightBytes(trainer.discriminator);
      const losses = readScalars(trainer.generatorStep(STEP_BATCH));
      expect(unchanged(dBefore, trainer.discriminator).every(Boolean)).toBe(true);
      expect(unchanged(gBefore, trainer.generator).some(Boolean)).toBe(false);
      expect(Object.keys(losses).sort()).toEqual(['dFake', 'gLoss']);
    } finally {
      trainer.dispose();
    }
  });

  it('keeps the tensor count flat across steps after one warm-up step, with finite losses', () => {
    const trainer = make();
    const real = realBatch();
    try {
      // The warm-up step creates Adam's moment variables, two per trainable weight.
      const afterBuild = tf.memory().numTensors;
      iterate(trainer, real);
      const adamSlots = 2 * (trainer.generator.trainableWeights.length + trainer.discriminator.trainableWeights.length);
      expect(tf.memory().numTensors).toBeGreaterThanOrEqual(afterBuild + adamSlots);
      const afterWarmup = tf.memory().numTensors;
      for (let step = 0; step < STEPS_AFTER_WARMUP; step++) {
        const losses = iterate(trainer, real);
        tf.dispose([trainer.sample(), ...Object.values(trainer.evaluate(real))]);
        expect(tf.memory().numTensors).toBe(afterWarmup);
        for (const value of Object.values(losses)) expect(Number.isFinite(value)).toBe(true);
        for (const mean of [losses.dReal, losses.dFake, losses.gStepDFake]) {
          expect(mean).toBeGreaterThan(0);
          expect(mean).toBeLessThan(1);
        }
        expect(losses.dLoss).toBeGreaterThan(0);
        expect(losses.gLoss).toBeGreaterThan(0);
      }
    } finally {
      real.dispose();
      trainer.dispose();
    }
  });

  it('samples [previewCount,28,28,1] images in [-1,1] from fixed noise, without advancing the noise', () => {
    const trainer = make();
    try {
      const first = trainer.sample();
      const second = trainer.sample();
      expect(first.shape).toEqual([PREVIEW_COUNT, 28, 28, 1]);
      expect(Buffer.from(first.dataSync().buffer).equals(Buffer.from(second.dataSync().buffer))).toBe(true);
      expect(first.min().arraySync()).toBeGreaterThanOrEqual(-1);
      expect(first.max().arraySync()).toBeLessThanOrEqual(1);
      tf.dispose([first, second]);
    } finally {
      trainer.dispose();
    }
  });
});

describe('GAN trainer reproducibility and options (cpu)', () => {
  beforeAll(() => use('cpu'));
  it('gives bitwise-identical losses and weights for the same seed, and different ones for another seed', () => {
    const run = (seed: number) =>
      withTrainer(config({ seed }), (trainer) => {
        const real = realBatch();
        const losses = [iterate(trainer, real), iterate(trainer, real)];
        real.dispose();
        return { losses, g: weightBytes(trainer.generator), d: weightBytes(trainer.discriminator) };
      });
    const a = run(SEED);
    const b = run(SEED);
    const c = run(SEED + 1);
    expect(b.losses).toEqual(a.losses);
    b.g.forEach((bytes, index) => expect(bytes.equals(a.g[index])).toBe(true));
    b.d.forEach((bytes, index) => expect(bytes.equals(a.d[index])).toBe(true));
    expect(c.losses[1].gLoss).not.toBe(a.losses[1].gLoss);
    expect(c.g[0].equals(a.g[0])).toBe(false);
  });

  it('draws fresh noise every step: two G steps on unchanged weights see different fakes', () => {
    withTrainer(config({ gLearningRate: 1e-6 }), (trainer) => {
      const first = readScalars(trainer.generatorStep(STEP_BATCH));
      const second = readScalars(trainer.generatorStep(STEP_BATCH));
      expect(second.dFake).not.toBe(first.dFake);
    });
  });

  it('label smoothing lowers the real target to 0.9: the D loss moves by 0.1 × the mean real logit', () => {
    const real = realBatch(8);
    const evaluate = (labelSmoothing: 'on' | 'off') =>
      withTrainer(config({ labelSmoothing }), (trainer) => {
        const realLogitMean = tf.tidy(() => {
          const p = trainer.discriminator.predict(real) as tf.Tensor;
          return tf.mean(tf.log(tf.div(p, tf.sub(1, p)))).dataSync()[0];
        });
        return Object.assign(readScalars(trainer.evaluate(real)), { realLogitMean });
      });
    const off = evaluate('off');
    const on = evaluate('on');
    real.dispose();
    expect(on.realLogitMean).toBeCloseTo(off.realLogitMean, 6);
    expect(Math.abs(off.realLogitMean)).toBeGreaterThan(1e-3);
    // BCE(x, y) = max(x,0) − x·y + log(1+e^−|x|), so lowering y from 1 to 0.9 adds 0.1·x per real example.
    expect(on.dLoss - off.dLoss).toBeCloseTo(0.1 * off.realLogitMean, 4);
    expect(on.gLoss).toBe(off.gLoss);
    expect(on.dFake).toBe(off.dFake);
  });

  it('refuses a discriminator that does not end in a sigmoid', () => {
    const spec = getGanModel('mlp');
    const broken = {
      ...spec,
      buildDiscriminator: (seed: number) => {
        const discriminator = spec.buildDiscriminator(seed);
        discriminator.pop();
        return discriminator;
      },
    };
    const before = tf.memory().numTensors;
    expect(() => new GanTrainer(broken, config())).toThrow('sigmoid');
    expect(tf.memory().numTensors).toBe(before);
  });
});
