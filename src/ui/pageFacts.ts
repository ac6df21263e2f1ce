/** What the page can tell of this browser that the device worker cannot (config/pageFacts.ts says what follows). */
import type { PageFacts } from '../config/pageFacts';

let facts: PageFacts | null = null;

/** Asked once: a throwaway canvas's WebGL 2 context, released at once. */
export function readPageFacts(): PageFacts {
  if (!facts) {
    const context = document.createElement('canvas').getContext('webgl2');
    context?.getExtension('WEBGL_lose_context')?.loseContext();
    facts = { webgl2InPage: context !== null };
  }
  return facts;
}
