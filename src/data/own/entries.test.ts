import { describe, expect, it } from 'vitest';
import { english } from '../../i18n/testing/english';
import { classFolders, type FileEntry } from './entries';
import { MAX_ENTRIES } from './limits';
import { refusalOf } from './refusal';

const file = (path: string, size = 1): FileEntry => ({ path, bytes: new Uint8Array(size) });
const dir = (path: string): FileEntry => ({ path, bytes: new Uint8Array(0) });

function shape(entries: readonly FileEntry[]) {
  const { classes, skipped } = classFolders(entries);
  return { classes: classes.map((c) => [c.name, c.files.map((f) => f.path)]), skipped };
}

function refusal(entries: readonly FileEntry[]): string {
  try {
    classFolders(entries);
  } catch (err) {
    return english(refusalOf('images', err));
  }
  return '(read)';
}

const said = (reason: string) => `These images cannot be made into a data set: ${reason}.`;

describe('classFolders', () => {
  it('makes one class per top folder, sorted, each class’s files sorted by path, sub-folders included', () => {
    expect(shape([file('ring/b.png'), file('cross/z.png'), file('ring/a.png'), file('cross/more/a.png')])).toEqual({
      classes: [
        ['cross', ['cross/more/a.png', 'cross/z.png']],
        ['ring', ['ring/a.png', 'ring/b.png']],
      ],
      skipped: [],
    });
  });

  it('peels the folder everything sits in (a dropped folder, a zip’s root), twice if need be, and reads "\\" as "/"', () => {
    const dropped = shape([dir('data/'), dir('data/shapes/'), file('data/shapes/ring/a.png'), file('data\\shapes\\cross\\a.png')]);
    expect(dropped.classes).toEqual([
      ['cross', ['data\\shapes\\cross\\a.png']],
      ['ring', ['data/shapes/ring/a.png']],
    ]);
  });

  it('ignores dotfiles, dot-folders and __MACOSX, and skips files outside any class folder', () => {
    const read = shape([file('.DS_Store'), file('ring/.DS_Store'), file('__MACOSX/ring/._a.png'), file('.git/config'), file('README.md'), file('ring/a.png'), file('cross/a.png')]);
    expect(read).toEqual({ classes: [['cross', ['cross/a.png']], ['ring', ['ring/a.png']]], skipped: ['README.md'] });
  });

  it('keeps an empty class folder (a directory entry) for the importer to refuse', () => {
    expect(shape([file('a/1.png'), file('b/1.png'), dir('c/')]).classes).toEqual([
      ['a', ['a/1.png']],
      ['b', ['b/1.png']],
      ['c', []],
    ]);
  });

  it('refuses pictures with no class folder, 10,000 class folders, a folder name no class can have, too many files or bytes', () => {
    expect(refusal([file('a.png'), file('b.png')])).toBe(said('there are no class folders: put each class’s images in a folder named after the class'));
    expect(refusal([])).toBe(said('there are no class folders: put each class’s images in a folder named after the class'));
    const tenThousand = Array.from({ length: 10_000 }, (_, i) => file(`class${i}/a.png`));
    expect(refusal(tenThousand)).toBe(said('there are 10,000 class folders, over the 100 a data set may have'));
    expect(refusal([file(`${'x'.repeat(41)}/a.png`), file('b/a.png')])).toBe(said(`the folder name '${'x'.repeat(40)}…' is not a usable class name (1 to 40 characters, without control characters)`));
    expect(refusal(Array.from({ length: MAX_ENTRIES + 1 }, (_, i) => file(`a/${i}.png`, 0)))).toBe(said('there are more than 70,000 files'));
    const shared = new Uint8Array(60 * 1024 * 1024);
    expect(refusal(Array.from({ length: 5 }, (_, i) => ({ path: `a/${i}.png`, bytes: shared })))).toBe(said('the files take 300 MB in all, over the 256 MB this page reads'));
  });
});

describe('classFolders and the root folder', () => {
  it('peels a root holding notes beside its class folders (the notes skipped), never one holding pictures', () => {
    expect(shape([file('shapes/README.md'), file('shapes/ring/a.png'), file('shapes/cross/a.png')])).toEqual({
      classes: [
        ['cross', ['shapes/cross/a.png']],
        ['ring', ['shapes/ring/a.png']],
      ],
      skipped: ['shapes/README.md'],
    });
    expect(shape([file('ring/a.png'), file('ring/more/b.png')]).classes).toEqual([['ring', ['ring/a.png', 'ring/more/b.png']]]);
  });
});
