/** Presentation mode: a page setting (`present=on` in the link), read and toggled through the settings store. */
import { useEffect } from 'react';
import { pageFields, withPageFields } from '../../share/pageSettings';
import { refreshChartsForPresentation } from '../charts/chartLib';
import { PRESENT_CLASS } from '../charts/presentation';
import { settingsStore, usePageSettings } from '../share/pageStore';

export function usePresent(): boolean {
  return pageFields(usePageSettings().settings).present === 'on';
}

export function setPresent(on: boolean): void {
  settingsStore.update((s) => withPageFields(s, { present: on ? 'on' : 'off' }), 'push');
}

/** Keeps the <html> class (which scales every rem size of the page) and the charts in step with the setting. */
export function usePresentClass(present: boolean): void {
  useEffect(() => {
    document.documentElement.classList.toggle(PRESENT_CLASS, present);
    refreshChartsForPresentation();
  }, [present]);
}
