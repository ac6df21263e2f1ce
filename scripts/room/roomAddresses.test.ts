import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { roomAddresses, roomUrl } from './roomAddresses';

const info = (address: string, family: 'IPv4' | 'IPv6', internal = false): NetworkInterfaceInfo =>
  (family === 'IPv4'
    ? { address, family, internal, netmask: '255.255.255.0', mac: '00:00:00:00:00:00', cidr: null }
    : { address, family, internal, netmask: 'ffff:ffff:ffff:ffff::', mac: '00:00:00:00:00:00', cidr: null, scopeid: 0 }) as NetworkInterfaceInfo;

describe('roomAddresses', () => {
  it('lists the external IPv4 addresses first, then global IPv6, never loopback or link-local', () => {
    const interfaces = {
      lo: [info('127.0.0.1', 'IPv4', true), info('::1', 'IPv6', true)],
      wlan0: [info('fe80::1c2d:3e4f', 'IPv6'), info('2001:db8::5', 'IPv6'), info('192.168.1.23', 'IPv4')],
      eth0: [info('169.254.10.2', 'IPv4'), info('10.0.0.7', 'IPv4')],
    };
    expect(roomAddresses(interfaces)).toEqual(['192.168.1.23', '10.0.0.7', '[2001:db8::5]']);
  });

  it('finds nothing on a machine that is on no network', () => {
    expect(roomAddresses({ lo: [info('127.0.0.1', 'IPv4', true)] })).toEqual([]);
  });
});

describe('roomUrl', () => {
  it('is an https address, the port left out where it is the default', () => {
    expect(roomUrl('192.168.1.23', 4443)).toBe('https://192.168.1.23:4443/');
    expect(roomUrl('[2001:db8::5]', 443)).toBe('https://[2001:db8::5]/');
  });
});
