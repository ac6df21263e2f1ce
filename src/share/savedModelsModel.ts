/** The saved models as the page sees them (a StoredList): the store opened on first use, its entries, the last storage error. */
import { openModelStore, type ModelStore, type StoredModelEntry } from './modelStore';
import type { Message } from '../i18n/message';
import { StoredList, type StoredListSnapshot } from './storedList';

export type SavedModelsSnapshot = StoredListSnapshot<StoredModelEntry>;

export class SavedModelsModel extends StoredList<StoredModelEntry, ModelStore> {
  constructor(open: () => Promise<ModelStore> = () => openModelStore()) {
    super(open);
  }

  /** Stores a model file (a CNN model's or a GAN run's); resolves with the error message when it could not be stored. */
  add(bytes: ArrayBuffer, runCreatedAt: string | null): Promise<Message | null> {
    return this.change((store) => store.add({ bytes, runCreatedAt }));
  }
}

/** The page's one list of saved models. */
export const savedModels = new SavedModelsModel();
