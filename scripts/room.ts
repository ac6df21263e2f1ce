/**
 * `npm run room`: serves the build to the room over https on this machine's network address (a self-signed
 * certificate), with the isolation headers, and prints the address (and its QR code) that students open.
 * Run after `npm run build` (the npm script does both). Options: --port N (4443), --host ADDRESS (every interface).
 */
import { existsSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import QRCode from 'qrcode';
import { roomAddresses, roomUrl } from './room/roomAddresses';
import { startRoomServer } from './room/roomServer';

const ROOT = path.resolve(import.meta.dirname, '..');
const { values: args } = parseArgs({ options: { port: { type: 'string', default: '4443' }, host: { type: 'string', default: '0.0.0.0' } } });
const port = Number(args.port);

if (!existsSync(path.join(ROOT, 'dist', 'index.html'))) {
  console.error('room: no build in dist/: run `npm run build` first (or `npm run room`, which builds).');
  process.exit(2);
}
const addresses = roomAddresses(networkInterfaces());
await startRoomServer({ root: ROOT, host: args.host, port, addresses });

if (addresses.length === 0) {
  console.log(`\nServing dist/ at ${roomUrl('localhost', port)} only: this machine is on no network. Join the room's Wi-Fi and run it again.`);
} else {
  const url = roomUrl(addresses[0], port);
  console.log(`\nServing dist/ to the room over https (self-signed certificate), with the isolation headers.\n`);
  console.log(`  The QR code should carry:  ${url}`);
  for (const other of addresses.slice(1)) console.log(`  also reachable at:         ${roomUrl(other, port)}`);
  console.log(`\n${await QRCode.toString(url, { type: 'terminal', small: true })}`);
  console.log('Open that address here, then press "Show link" in presentation mode or in a lesson: its QR code carries the lesson too.');
  console.log('The first time, each browser warns that the certificate is not trusted (it was made on this machine):');
  console.log('students choose "Advanced" then "Proceed" (Chrome, Edge), "Accept the Risk and Continue" (Firefox) or "visit this website" (Safari).');
  console.log('Browsers keep no offline copy of a page whose certificate they do not trust: for that, host the build (README, "Hosting it for a room").');
}
console.log('Ctrl+C stops the server.');
