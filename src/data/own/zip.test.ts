import { deflateSync, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { refusalOf } from './refusal';
import { zipBomb } from './testing/zipBomb';
import { unzipEntries } from './zip';

function refusal(archive: Uint8Array): string {
  try {
    unzipEntries(archive);
  } catch (err) {
    return english(refusalOf('zip', err));
  }
  return '(unzipped)';
}

const said = (reason: string) => `This zip file cannot be made into a data set: ${reason}.`;

/** The central directory's records, to change what they declare. */
function centralRecords(zip: Uint8Array): number[] {
  const view = new DataView(zip.buffer, zip.byteOffset);
  const at: number[] = [];
  for (let i = 0; i + 4 <= zip.length; i++) if (view.getUint32(i, true) === 0x02014b50) at.push(i);
  return at;
}

describe('unzipEntries', () => {
  it('gives every file and folder of the archive with its path', () => {
    const zip = zipSync({ 'shapes/ring/a.png': new Uint8Array([1, 2]), 'shapes/empty': {}, 'notes.txt': new TextEncoder().encode('hi') });
    const entries = unzipEntries(zip);
    expect(entries.map((e) => e.path).sort()).toEqual(['notes.txt', 'shapes/empty/', 'shapes/ring/a.png']);
    expect([...(entries.find((e) => e.path === 'shapes/ring/a.png')?.bytes ?? [])]).toEqual([1, 2]);
  });

  it('refuses a zip bomb from its central directory before inflating a byte', () => {
    const bomb = zipBomb(20, 16 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    // A real one: each file inflates to what it declares.
    expect(unzipSync(bomb, { filter: (f) => f.name === 'zeros/0.png' })['zeros/0.png'].length).toBe(16 * 1024 * 1024);
    expect(refusal(bomb)).toBe(said('its files would expand to 320 MB, over the 256 MB this page reads'));
  });

  it('refuses an archive whose directory declares 4 GB, and inflates a file that lies small only to its declared size', () => {
    const zip = zipSync({ 'a/x.png': new Uint8Array(1000).fill(7), 'b/y.png': new Uint8Array(1000).fill(9) });
    const view = new DataView(zip.buffer, zip.byteOffset);
    const huge = zip.slice();
    for (const at of centralRecords(huge)) new DataView(huge.buffer).setUint32(at + 24, 0x7fffffff, true);
    expect(refusal(huge)).toBe(said('its files would expand to 4,096 MB, over the 256 MB this page reads'));
    view.setUint32(centralRecords(zip)[0] + 24, 10, true);
    const entries = unzipEntries(zip);
    expect(entries.map((e) => e.bytes.length).sort((a, b) => a - b)).toEqual([10, 1000]);
  });

  it('refuses damaged bytes and an unknown compression with fflate’s own words', () => {
    expect(refusal(new TextEncoder().encode('this is not a zip file at all, just some text'))).toMatch(/^This zip file cannot be made into a data set: it is damaged or not a zip file \(.+\)\.$/);
    const zip = zipSync({ 'a/x.png': deflateSync(new Uint8Array(10)) });
    const view = new DataView(zip.buffer, zip.byteOffset);
    view.setUint16(centralRecords(zip)[0] + 10, 99, true);
    expect(refusal(zip)).toMatch(/it is damaged or not a zip file \(.*compression.*\)\.$/);
  });
});
