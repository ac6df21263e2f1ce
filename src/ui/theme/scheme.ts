/** The colour scheme and motion preference the browser asks for, kept current by their media queries. */
import type { Scheme } from './tokens';

const DARK_QUERY = '(prefers-color-scheme: dark)';
const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

function query(media: string): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(media) : null;
}

const dark = query(DARK_QUERY);
let scheme: Scheme = dark?.matches ? 'dark' : 'light';
const listeners = new Set<() => void>();
dark?.addEventListener('change', (event) => {
  scheme = event.matches ? 'dark' : 'light';
  for (const listener of listeners) listener();
});

/** The scheme now: charts read it on every draw, so it is a variable, not a media query each time. */
export function currentScheme(): Scheme {
  return scheme;
}

/** Calls `listener` each time the scheme changes; returns the unsubscribe. */
export function onSchemeChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function prefersReducedMotion(): boolean {
  return query(REDUCED_MOTION_QUERY)?.matches ?? false;
}
