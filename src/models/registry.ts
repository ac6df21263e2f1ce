import type { CnnModelId } from '../config/models';
import { classicCnn } from './classicCnn';
import { largeCnn } from './largeCnn';
import { mlp } from './mlp';
import { tinyCnn } from './tinyCnn';
import type { CnnModelSpec } from './types';

/** Every CNN by id. Adding a model: one file plus one line here (and its entry in config/models.ts). */
export const CNN_MODELS: Record<CnnModelId, CnnModelSpec> = {
  tiny: tinyCnn,
  classic: classicCnn,
  large: largeCnn,
  mlp,
};

export function getCnnModel(id: CnnModelId): CnnModelSpec {
  // Guards ids that reached here through an unchecked cast (e.g. a stale URL).
  if (!Object.hasOwn(CNN_MODELS, id)) throw new Error(`Unknown CNN model id "${String(id)}"`);
  return CNN_MODELS[id];
}
