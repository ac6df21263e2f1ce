/**
 * The build served to the room over https: Vite's preview server (the isolation headers of vite.config.ts)
 * with a self-signed certificate from @vitejs/plugin-basic-ssl, kept under node_modules/.cache per set of
 * addresses so a student's browser warns once per address, not once per start.
 */
import basicSsl from '@vitejs/plugin-basic-ssl';
import path from 'node:path';
import { preview, type PreviewServer } from 'vite';

export interface RoomServerOptions {
  /** The project folder (its vite.config.ts and dist/). */
  root: string;
  /** The interface to listen on: every one (0.0.0.0) for the room. */
  host: string;
  port: number;
  /** The names and addresses the certificate is made for. */
  addresses: string[];
}

export async function startRoomServer({ root, host, port, addresses }: RoomServerOptions): Promise<PreviewServer> {
  const certDir = path.join(root, 'node_modules', '.cache', 'room-certificate', addresses.join('_').replace(/[^0-9A-Za-z._-]/g, '-') || 'localhost');
  return preview({
    root,
    logLevel: 'warn',
    plugins: [basicSsl({ name: 'gpu-playground-room', domains: ['localhost', ...addresses], certDir })],
    // Any name the room reaches this machine by (its IP, a .local name): the build is public, there is no source to protect.
    preview: { host, port, strictPort: true, open: false, allowedHosts: true },
  });
}
