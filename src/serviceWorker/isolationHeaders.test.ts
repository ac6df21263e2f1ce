import { describe, expect, it } from 'vitest';
import { ISOLATION_HEADERS } from '../config/hosting';
import { withIsolationHeaders } from './isolationHeaders';

describe('withIsolationHeaders', () => {
  it('adds both headers and keeps the status, the other headers and the body', async () => {
    const original = new Response('<!doctype html>', { status: 200, statusText: 'OK', headers: { 'Content-Type': 'text/html', 'Content-Length': '15' } });
    const isolated = withIsolationHeaders(original);
    for (const [name, value] of Object.entries(ISOLATION_HEADERS)) expect(isolated.headers.get(name)).toBe(value);
    expect(isolated.headers.get('Content-Type')).toBe('text/html');
    expect(isolated.headers.get('Content-Length')).toBe('15');
    expect(isolated.status).toBe(200);
    expect(await isolated.text()).toBe('<!doctype html>');
  });

  it('replaces a weaker policy the host sent', () => {
    const isolated = withIsolationHeaders(new Response('x', { headers: { 'Cross-Origin-Opener-Policy': 'unsafe-none' } }));
    expect(isolated.headers.get('Cross-Origin-Opener-Policy')).toBe('same-origin');
  });

  it('keeps an error status as it is', () => {
    expect(withIsolationHeaders(new Response('missing', { status: 404 })).status).toBe(404);
  });
});
