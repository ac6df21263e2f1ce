// i18n-above-config: the catalogs may not reach up into the UI.
import { view } from '../ui/view';
export const catalogs = view;
