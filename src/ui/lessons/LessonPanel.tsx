import type { ReactNode } from 'react';
import type { PanelId } from '../../config/panels';
import type { ViewId } from '../../config/views';
import { usePanels } from './lessonStore';

/** One panel of a view: hidden (kept mounted, so nothing is lost) while an open lesson step does not show it. */
export function LessonPanel<V extends ViewId>({ view, id, children }: { view: V; id: PanelId<V>; children: ReactNode }) {
  const show = usePanels(view);
  return (
    <div className="view-panel" data-panel={id} hidden={!show(id)}>
      {children}
    </div>
  );
}
