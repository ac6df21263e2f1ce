/** What was dropped on the import panel: one file, or every file under the dropped folders (paths from the folder down). */
import type { PickedFile } from '../../engine/protocol/ownData';

export type Dropped = { kind: 'file'; file: File } | { kind: 'folder'; files: PickedFile[] } | null;

function filesOf(reader: FileSystemDirectoryReader): Promise<FileSystemEntry[]> {
  // readEntries answers in batches until it answers an empty one.
  return new Promise((resolve, reject) => {
    const all: FileSystemEntry[] = [];
    const next = () =>
      reader.readEntries((batch) => {
        if (batch.length === 0) return resolve(all);
        all.push(...batch);
        next();
      }, reject);
    next();
  });
}

async function walk(entry: FileSystemEntry, out: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileSystemFileEntry).file(resolve, reject));
    out.push({ path: entry.fullPath.replace(/^\//, ''), file });
  } else if (entry.isDirectory) {
    for (const child of await filesOf((entry as FileSystemDirectoryEntry).createReader())) await walk(child, out);
  }
}

export async function droppedItems(transfer: DataTransfer): Promise<Dropped> {
  const entries = Array.from(transfer.items, (item) => item.webkitGetAsEntry?.() ?? null).filter((e): e is FileSystemEntry => e !== null);
  if (entries.some((e) => e.isDirectory)) {
    const files: PickedFile[] = [];
    for (const entry of entries) await walk(entry, files);
    return { kind: 'folder', files };
  }
  const file = transfer.files[0];
  return file ? { kind: 'file', file } : null;
}

/** A picked folder's files with their paths from the picked folder down (webkitRelativePath). */
export function pickedFolder(list: FileList): PickedFile[] {
  return Array.from(list, (file) => ({ path: file.webkitRelativePath || file.name, file }));
}

/** A name for a data set from where it came: the folder's or the file's name without its extension. */
export function nameFrom(path: string): string {
  const first = path.split('/').find((part) => part !== '') ?? '';
  return first.replace(/\.(zip|csv|gpds)$/i, '').trim();
}
