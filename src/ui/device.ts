/** The page's one device client (the only way any view reaches the device) and the hook views read it through. */
import { useSyncExternalStore } from 'react';
import { DeviceClient, type DeviceSnapshot } from '../engine/client/deviceClient';
import { spawnDeviceWorker } from '../engine/client/spawnWorker';
import { realClock } from '../engine/client/startWatch';
import { readPageFacts } from './pageFacts';

export const deviceClient = new DeviceClient(spawnDeviceWorker, realClock, readPageFacts);

export function useDevice(): DeviceSnapshot {
  return useSyncExternalStore(deviceClient.subscribe, deviceClient.getSnapshot);
}
