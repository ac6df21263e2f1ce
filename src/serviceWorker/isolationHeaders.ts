import { ISOLATION_HEADERS } from '../config/hosting';

/**
 * The response with the isolation headers added, so a page served by a host that sends none is
 * cross-origin isolated all the same. Opaque responses (status 0) cannot be rebuilt and are passed on.
 */
export function withIsolationHeaders(response: Response): Response {
  if (response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION_HEADERS)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
