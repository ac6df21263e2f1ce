// config-is-the-bottom: config may not import the UI.
import { view } from '../ui/view';
export const upward = view;
