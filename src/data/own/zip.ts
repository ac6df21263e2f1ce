/**
 * A zip archive (fflate) as file entries, with the zip bomb refused before anything is inflated:
 * a first pass reads only the central directory and sums the sizes its files declare; only when the
 * sum is within MAX_SOURCE_BYTES (and the files within MAX_ENTRIES) are they inflated, each into a
 * buffer of its declared size, which a file that inflates further cannot grow past.
 */
import { unzipSync } from 'fflate';
import { detailOf } from '../../i18n/message';
import type { FileEntry } from './entries';
import { MAX_ENTRIES, MAX_SOURCE_BYTES } from './limits';
import { megabytes, OwnRefusal, refuse } from './refusal';

export function unzipEntries(archive: Uint8Array): FileEntry[] {
  if (archive.length > MAX_SOURCE_BYTES) refuse('check.dataset.why.tooLarge', { size: megabytes(archive.length), max: megabytes(MAX_SOURCE_BYTES) });
  let files = 0;
  let declared = 0;
  inflating(() =>
    unzipSync(archive, {
      filter: (file) => {
        files++;
        declared += file.originalSize;
        if (files > MAX_ENTRIES) refuse('check.images.tooManyFiles', { max: MAX_ENTRIES });
        return false;
      },
    }),
  );
  if (declared > MAX_SOURCE_BYTES) refuse('check.zip.expands', { size: megabytes(declared), max: megabytes(MAX_SOURCE_BYTES) });
  const unzipped = inflating(() => unzipSync(archive));
  return Object.keys(unzipped).map((path) => ({ path, bytes: unzipped[path] }));
}

/** fflate's own errors (a damaged archive, an unknown compression) as this folder's refusal. */
function inflating<T>(run: () => T): T {
  try {
    return run();
  } catch (err) {
    if (err instanceof OwnRefusal) throw err;
    refuse('check.zip.damaged', { detail: detailOf(err) });
  }
}
