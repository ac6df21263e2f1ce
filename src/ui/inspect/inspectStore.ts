/** The page's one inspect session and the hook the "Look inside" view reads it through. */
import { useSyncExternalStore } from 'react';
import { deviceClient } from '../device';
import { cnnSession } from '../session';
import { settingsStore } from '../share/pageStore';
import { InspectSession, type InspectSnapshot } from './inspectSession';

export const inspectSession = new InspectSession(deviceClient, cnnSession, settingsStore);

export function useInspect(): InspectSnapshot {
  return useSyncExternalStore(inspectSession.subscribe, inspectSession.getSnapshot);
}
