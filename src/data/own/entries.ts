/**
 * A folder or an unzipped archive as class folders: the class of a file is the first folder of its
 * path, once the one folder everything sits in (a dropped "shapes/" folder, a zip's root) is peeled;
 * a folder with pictures directly in it is never peeled (it is a class folder itself).
 *
 * - Paths use "/" (a "\" is read as one); a directory is an entry whose path ends with "/" (so an
 *   empty class folder is seen), and its bytes are ignored.
 * - A path with a part starting with "." (.DS_Store, .git/…) or a part "__MACOSX" is ignored.
 * - Files at the top, outside any folder, are skipped; a class folder's sub-folders belong to it.
 * - Classes are sorted in JavaScript's default order, and each class's files by path.
 * - Files keep their paths as given (a refusal names the file as the person sees it).
 */
import { quoted } from '../../config/schema';
import { IMAGE_EXTENSIONS, imageKind } from './imageHeader';
import { MAX_CLASS_NAME_CHARS, MAX_CLASSES, MAX_ENTRIES, MAX_SOURCE_BYTES } from './limits';
import { isUsableClassName } from './names';
import { megabytes, refuse } from './refusal';

/** One file of a folder drop or an archive, its path relative to what was dropped. */
export interface FileEntry {
  readonly path: string;
  readonly bytes: Uint8Array;
}

export interface ClassFolder {
  readonly name: string;
  readonly files: readonly FileEntry[];
}

export interface ClassFolders {
  readonly classes: readonly ClassFolder[];
  /** Files outside any class folder, by their paths as given. */
  readonly skipped: readonly string[];
}

interface Parsed {
  readonly entry: FileEntry;
  readonly parts: string[];
  readonly directory: boolean;
}

export function checkEntrySizes(entries: readonly FileEntry[]): void {
  if (entries.length > MAX_ENTRIES) refuse('check.images.tooManyFiles', { max: MAX_ENTRIES });
  const size = entries.reduce((sum, e) => sum + e.bytes.length, 0);
  if (size > MAX_SOURCE_BYTES) refuse('check.images.tooLarge', { size: megabytes(size), max: megabytes(MAX_SOURCE_BYTES) });
}

export function classFolders(entries: readonly FileEntry[]): ClassFolders {
  checkEntrySizes(entries);
  const parsed = peelRoot(entries.map(parse).filter((p) => p.parts.length > 0 && !p.parts.some(ignored)));
  const byClass = new Map<string, FileEntry[]>();
  const skipped: string[] = [];
  for (const { entry, parts, directory } of parsed) {
    if (!directory && parts.length < 2) {
      skipped.push(entry.path);
      continue;
    }
    const name = parts[0].trim();
    if (!byClass.has(name)) {
      if (!isUsableClassName(name)) refuse('check.images.folderName', { name: quoted(parts[0]), max: MAX_CLASS_NAME_CHARS });
      byClass.set(name, []);
      if (byClass.size > MAX_CLASSES) break;
    }
    if (!directory) byClass.get(name)?.push(entry);
  }
  if (byClass.size === 0) refuse('check.images.noClasses');
  if (byClass.size > MAX_CLASSES) refuse('check.images.tooManyClasses', { count: countClasses(parsed), max: MAX_CLASSES });
  const classes = [...byClass.keys()].sort().map((name) => ({ name, files: (byClass.get(name) ?? []).sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)) }));
  return { classes, skipped };
}

function parse(entry: FileEntry): Parsed {
  const path = entry.path.replace(/\\/g, '/');
  return { entry, parts: path.split('/').filter((part) => part !== ''), directory: path.endsWith('/') };
}

function ignored(part: string): boolean {
  return part.startsWith('.') || part === '__MACOSX';
}

/** Peels the one folder every entry sits in, unless a picture sits directly in it (then it is a class folder). */
function peelRoot(parsed: Parsed[]): Parsed[] {
  let current = parsed;
  for (;;) {
    const files = current.filter((p) => !p.directory);
    if (files.length === 0) return current;
    const root = files[0].parts[0];
    const oneRoot = current.every((p) => p.parts[0] === root);
    const picturesInRoot = files.some((p) => p.parts.length === 2 && isPicture(p));
    if (!oneRoot || picturesInRoot || files.every((p) => p.parts.length < 3)) return current;
    current = current.map((p) => ({ ...p, parts: p.parts.slice(1) })).filter((p) => p.parts.length > 0);
  }
}

function isPicture({ entry, parts }: Parsed): boolean {
  return IMAGE_EXTENSIONS.test(parts[parts.length - 1]) || imageKind(entry.bytes) !== null;
}

function countClasses(parsed: readonly Parsed[]): number {
  return new Set(parsed.filter((p) => p.directory || p.parts.length >= 2).map((p) => p.parts[0].trim())).size;
}
