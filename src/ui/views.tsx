/** Each view's code, loaded the first time the view is shown (the compiler refuses a view of config/views.ts without one). */
import { lazy, type LazyExoticComponent } from 'react';
import type { ViewId } from '../config/views';

type View = LazyExoticComponent<() => React.JSX.Element>;

export const VIEW_COMPONENTS: Record<ViewId, View> = {
  train: lazy(() => import('./train/TrainView').then((m) => ({ default: m.TrainView }))),
  gan: lazy(() => import('./gan/GanView').then((m) => ({ default: m.GanView }))),
  lab: lazy(() => import('./lab/LabView').then((m) => ({ default: m.LabView }))),
  inspect: lazy(() => import('./inspect/InspectView').then((m) => ({ default: m.InspectView }))),
  history: lazy(() => import('./share/HistoryPanel').then((m) => ({ default: m.HistoryPanel }))),
  board: lazy(() => import('./board/BoardView').then((m) => ({ default: m.BoardView }))),
};
