/**
 * A database opened on first use and shared after, whose failed open is tried again next time
 * (e.g. after the user freed some storage): what every IndexedDB store of the page needs.
 */
export function openOnce<T>(open: () => Promise<T>): () => Promise<T> {
  let opened: Promise<T> | null = null;
  return () => {
    if (!opened) {
      const opening = open();
      opening.catch(() => {
        if (opened === opening) opened = null;
      });
      opened = opening;
    }
    return opened;
  };
}
