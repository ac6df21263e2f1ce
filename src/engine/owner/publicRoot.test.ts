import { describe, expect, it } from 'vitest';
import { publicRoot } from './publicRoot';

describe('publicRoot', () => {
  it('names the folder an absolute base gives (the dev server)', () => {
    expect(publicRoot('/', 'http://localhost:5173/src/engine/owner/worker.ts?worker_file&type=module')).toBe('http://localhost:5173/');
    expect(publicRoot('/app/', 'https://example.org/app/assets/worker-1.js')).toBe('https://example.org/app/');
  });

  it('finds the page folder above the worker chunk for a relative base, at any path', () => {
    expect(publicRoot('./', 'https://example.org/some/where/assets/worker-abc.js')).toBe('https://example.org/some/where/');
    expect(publicRoot('./', 'http://127.0.0.1:4235/assets/worker-abc.js')).toBe('http://127.0.0.1:4235/');
  });
});
