/**
 * Whether the address a room link carries can serve the room, decided before its QR code is shown:
 * an address only this computer can open (localhost, a loopback IP, a file), or plain http on another
 * host, where students' browsers are not in a secure context and hide WebGPU, the camera and the
 * service worker that gives threads. https on any other host can serve the room.
 */
import { ROOM_COMMAND } from '../config/hosting';
import { msg, type Message } from '../i18n/message';

export type RoomAddressProblem = 'localhost' | 'insecure';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '0.0.0.0', '[::]']);
const LOOPBACK_IPV4 = /^127(?:\.\d{1,3}){3}$/;

function onlyThisComputer(url: URL): boolean {
  if (url.protocol === 'file:') return true;
  const host = url.hostname.toLowerCase();
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || LOOPBACK_IPV4.test(host);
}

export function roomAddressProblem(address: string): RoomAddressProblem | null {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return null; // not an address at all: the link itself is what the dialog shows
  }
  if (onlyThisComputer(url)) return 'localhost';
  return url.protocol === 'https:' ? null : 'insecure';
}

/** What the Show link dialog says before the code, or null where the address can serve the room. */
export function roomAddressWarning(address: string): Message | null {
  switch (roomAddressProblem(address)) {
    case 'localhost':
      return msg('room.warn.localhost', { host: hostOf(address), command: ROOM_COMMAND, readme: 'README' });
    case 'insecure':
      return msg('room.warn.insecure', { https: 'https', command: ROOM_COMMAND });
    case null:
      return null;
  }
}

function hostOf(address: string): string {
  const url = new URL(address);
  return url.protocol === 'file:' ? url.protocol : url.host;
}
