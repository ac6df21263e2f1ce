import { TRAIN_SET_SIZE } from '../../config/datasets';
import { backendMessage } from '../../config/backends';
import type { RunConfig } from '../../config/workloads';
import { msg, MessageError } from '../../i18n/message';
import { budgetRefusal } from '../../metrics/memoryPlan';
import type { EngineHost } from '../owner/host';
import type { TrainingEvent } from '../protocol/training';
import { CnnWorkload } from '../workloads/cnnWorkload';
import { GanWorkload } from '../workloads/ganWorkload';
import type { TrainingWorkload } from '../workloads/types';
import { engineOn } from './engineChoice';
import type { EngineTarget } from '../gpu/tuning/engineKernels';

/**
 * Activates the config's backend, loads the data (cached) and builds model, optimizer and device-resident data;
 * a CNN run whose predicted memory exceeds its budget is refused before its data is uploaded.
 */
export async function buildWorkload(config: RunConfig, host: EngineHost, emit: (event: TrainingEvent) => void, kernels: Omit<EngineTarget, 'device'> = {}): Promise<TrainingWorkload> {
  // Every other job asks for float32, so a 16-bit run's flags never outlive it.
  const backend = await host.activate(config.backend, config.workload === 'cnn' ? config.precision : 'float32');
  const limits = config.workload === 'cnn' ? { train: config.trainExamples, test: config.testExamples } : { train: TRAIN_SET_SIZE, test: 0 };
  const data = await host.datasets.get(config.dataset, limits, (fraction, message) => emit({ type: 'progress', fraction, message }));
  emit({ type: 'progress', fraction: 1, message: msg('engine.progress.uploading', { backend: backendMessage(backend) }) });
  const flags = host.flags(backend);
  if (config.workload === 'gan') return GanWorkload.create(config, data, backend, flags, { engine: engineOn(backend, config.gpuEngine, kernels) });
  return CnnWorkload.create(config, data, backend, flags, {
    engine: engineOn(backend, config.gpuEngine, kernels),
    beforeUpload: (plan) => {
      emit({ type: 'memoryPlan', plan, budgetMb: config.memoryBudgetMb });
      const refusal = budgetRefusal(plan, config.memoryBudgetMb);
      if (refusal) throw new MessageError(refusal.message);
    },
  });
}
