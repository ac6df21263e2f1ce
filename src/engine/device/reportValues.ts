/** Value markers shared by every section of the device report: all plain JSON. */

/** A value the browser deliberately withholds or masks (privacy, user-agent reduction). */
export const HIDDEN = 'hidden by the browser';
export type Hidden = typeof HIDDEN;

/** A value that does not apply here, with the reason in plain words. */
export interface NotAvailable {
  readonly status: 'not available';
  readonly reason: string;
}

export type Reported<T> = T | Hidden | NotAvailable;

export function notAvailable(reason: string): NotAvailable {
  return { status: 'not available', reason };
}

export function isNotAvailable(value: unknown): value is NotAvailable {
  return typeof value === 'object' && value !== null && (value as { status?: unknown }).status === 'not available';
}

/** An empty or missing string from a browser API means the browser chose not to tell. */
export function stringOrHidden(value: string | null | undefined): Reported<string> {
  return typeof value === 'string' && value.trim() !== '' ? value : HIDDEN;
}

export function errorText(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
