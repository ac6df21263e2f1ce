import { describe, expect, it } from 'vitest';
import { backendMessage } from '../config/backends';
import { planAccumulation } from '../metrics/accumulation';
import { LeakDetector } from '../metrics/leakDetector';
import { ADAM_UPDATE_COPIES, budgetRefusal, BudgetWatch, outOfMemoryMessage, predictMemory, type MemoryPlanInput } from '../metrics/memoryPlan';
import { messageOf, msg, type Message } from '../i18n/message';
import { Translator } from '../i18n/translator';

const en = new Translator('en');
const zh = new Translator('zh-CN');

const CLASSIC: MemoryPlanInput = {
  params: 93_322,
  activationElementsPerExample: 37_610,
  floatsPerExample: 794,
  batchSize: 64,
  accumulationSteps: 1,
  residentExamples: 70_000,
  batchesInFlight: 2,
  adamUpdateCopies: ADAM_UPDATE_COPIES,
};

function thrown(run: () => unknown): Message {
  try {
    run();
  } catch (err) {
    return messageOf(err);
  }
  throw new Error('it did not throw');
}

/** The engine's messages (src/engine, src/metrics, src/data) as the page says them. */
describe('what the worker says, in English and Chinese', () => {
  it('a budget refusal names the numbers and the setting to lower', () => {
    const refusal = budgetRefusal(predictMemory(CLASSIC), 100);
    expect(refusal).not.toBeNull();
    const english = en.say(refusal!.message);
    expect(english).toMatch(/^Refused before upload: this run is predicted to need \d+ MB, over the 100 MB memory budget \(weights .* MB, Adam state .* MB, data 212 MB, step peak .* MB from the activations at batch 64\)\. To fit, lower the training examples/);
    expect(zh.say(refusal!.message)).toMatch(/^上传前已拒绝：预计这次训练需要 \d+ MB，超过了 100 MB 的内存预算（权重 .* MB，Adam 状态 .* MB，数据 212 MB，.*）。要放得下，请减少训练样本数/);
  });

  it('a real out-of-memory says where and when, the cause as the library gave it, and what to lower', () => {
    const message = outOfMemoryMessage('OOM', 0, backendMessage('webgl'), null);
    expect(en.say(message)).toBe(
      'Out of memory on WebGL at step 0: the run stopped (OOM). To fit, lower the batch size (accumulate gradients over more micro-batches to keep the effective batch).',
    );
    expect(zh.say(message)).toBe('WebGL 在第 0 步内存不足：训练已停止（OOM）。要放得下，请降低批大小（可把梯度累积到更多微批上，保持有效批大小不变）。');
  });

  it('the budget pause, the leak alarm and an effective batch too large', () => {
    const pause = new BudgetWatch(1).observe(2 * 1024 * 1024, 2);
    expect(en.say(pause!)).toBe('Paused at step 2: memory reached 2.0 MB, over the 1 MB budget. Resume to go on anyway, or stop and lower the batch size.');
    const detector = new LeakDetector(3);
    const leak = [10, 11, 12, 13].map((n) => detector.observe(n, false)).at(-1);
    expect(en.say(leak!)).toBe('Possible tensor leak: the tensor count grew for 3 windows in a row (now 13).');
    expect(zh.say(leak!)).toBe('可能存在张量泄漏：张量数已连续 3 个窗口增长（现在为 13）。');
    expect(en.say(thrown(() => planAccumulation(100, 32, 4)))).toBe('The effective batch of 128 (batch 32 × 4 micro-batches) is larger than the 100 training examples.');
    expect(en.say(thrown(() => planAccumulation(100, 200, 1)))).toBe('Batch size 200 is larger than the 100 training examples.');
  });

  it('a library error stays as it came inside a translated sentence', () => {
    const started = msg('engine.backend.startFailed', { backend: backendMessage('webgpu'), detail: 'Adapter request failed' });
    expect(en.say(started)).toBe('Could not start the WebGPU backend: Adapter request failed');
    expect(zh.say(started)).toBe('无法启动 WebGPU 后端：Adapter request failed');
    expect(en.say(messageOf(new Error('boom\nstack')))).toBe('Error: boom');
    expect(zh.say(messageOf(new Error('boom')))).toBe('出错：boom');
  });

  it('a progress line names the data set by its label', () => {
    const loading = msg('engine.data.loadingTrainImages', { dataset: msg('dataset.mnist') });
    expect(en.say(loading)).toBe('Loading MNIST digits: training images…');
    expect(zh.say(loading)).toMatch(/^正在加载 .+：训练图像…$/);
  });
});
