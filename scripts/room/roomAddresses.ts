import type { NetworkInterfaceInfo } from 'node:os';

/**
 * The addresses other devices in the room can reach this machine at: every external IPv4 address first (what a
 * phone's camera and a student's typing cope with best), then global IPv6 ones; never loopback or link-local.
 */
export function roomAddresses(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>): string[] {
  const all = Object.values(interfaces).flatMap((list) => list ?? []);
  const external = all.filter((info) => !info.internal);
  const v4 = external.filter((info) => info.family === 'IPv4' && !info.address.startsWith('169.254.')).map((info) => info.address);
  const v6 = external.filter((info) => info.family === 'IPv6' && !/^fe80:/i.test(info.address)).map((info) => `[${info.address}]`);
  return [...new Set([...v4, ...v6])];
}

/** The address the QR code should carry for a server on this host and port. */
export function roomUrl(address: string, port: number): string {
  return `https://${address}${port === 443 ? '' : `:${port}`}/`;
}
