import { isGanHeader } from '../../share/ganFiles';
import type { SavedModelEntry } from '../../share/modelStore';
import { formatDate } from '../../share/resultSummary';
import type { Message } from '../../i18n/message';
import { settingsStore } from '../share/pageStore';
import { modelSession } from './modelSession';

/** Loads a model saved in this browser where it belongs and goes there: a CNN model into the Train view, a GAN run into the GAN studio. */
export function loadStoredModel(entry: SavedModelEntry): void {
  const source: Message = { id: 'models.source.browser', values: { date: formatDate(entry.createdAt) } };
  const gan = isGanHeader(entry.header);
  if (gan) modelSession.loadGan(entry.bytes, source);
  else modelSession.load(entry.bytes, source);
  const view = gan ? 'gan' : 'train';
  settingsStore.update((s) => (s.view === view ? s : { ...s, view }), 'push');
}
