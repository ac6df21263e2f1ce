/**
 * A real zip bomb for tests: `files` entries, each one deflate stream of `size` zero bytes (made
 * once, about a thousandth of its size), so the archive is small and honestly declares what it
 * would inflate to. CRCs are left 0: nothing here should ever inflate it. Test code only.
 */
import { deflateSync } from 'fflate';

export function zipBomb(files: number, size: number): Uint8Array {
  const data = deflateSync(new Uint8Array(size), { level: 1 });
  const local: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (let i = 0; i < files; i++) {
    const name = new TextEncoder().encode(`zeros/${i}.png`);
    const head = header(30, 0x04034b50, name, data.length, size);
    central.push(centralRecord(name, data.length, size, offset));
    local.push(head, data);
    offset += head.length + data.length;
  }
  const directorySize = central.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const view = new DataView(end.buffer);
  view.setUint32(0, 0x06054b50, true);
  view.setUint16(8, files, true);
  view.setUint16(10, files, true);
  view.setUint32(12, directorySize, true);
  view.setUint32(16, offset, true);
  const parts = [...local, ...central, end];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A local file header (30 bytes + name): version, flags, method 8 (deflate), sizes. */
function header(fixed: number, signature: number, name: Uint8Array, compressed: number, size: number): Uint8Array {
  const out = new Uint8Array(fixed + name.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, signature, true);
  view.setUint16(4, 20, true);
  view.setUint16(8, 8, true);
  view.setUint32(18, compressed, true);
  view.setUint32(22, size, true);
  view.setUint16(26, name.length, true);
  out.set(name, fixed);
  return out;
}

/** A central directory record (46 bytes + name) pointing at its local header. */
function centralRecord(name: Uint8Array, compressed: number, size: number, offset: number): Uint8Array {
  const out = new Uint8Array(46 + name.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x02014b50, true);
  view.setUint16(4, 20, true);
  view.setUint16(6, 20, true);
  view.setUint16(10, 8, true);
  view.setUint32(20, compressed, true);
  view.setUint32(24, size, true);
  view.setUint16(28, name.length, true);
  view.setUint32(42, offset, true);
  out.set(name, 46);
  return out;
}
