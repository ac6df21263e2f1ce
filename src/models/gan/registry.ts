import type { GanModelId } from '../../config/models';
import { dcgan } from './dcgan';
import { mlpGan } from './mlpGan';
import type { GanModelSpec } from './types';

/** Every GAN by id. Adding one: one file plus one line here (and its entry in config/models.ts). */
export const GAN_MODELS: Record<GanModelId, GanModelSpec> = {
  mlp: mlpGan,
  dcgan,
};

export function getGanModel(id: GanModelId): GanModelSpec {
  // Guards ids that reached here through an unchecked cast (e.g. a stale URL).
  if (!Object.hasOwn(GAN_MODELS, id)) throw new Error(`Unknown GAN model id "${String(id)}"`);
  return GAN_MODELS[id];
}
