/** The link a Share button copies: the result's own settings, the view it opens in, and the compressed result. */
import { RESULT_KEY, VIEW_KEY } from '../../share/hashState';
import { encodeResultLink } from '../../share/linkCodec';
import type { SharedResult } from '../../share/resultDoc';
import { viewOfWorkload, type ViewId } from './pageSettings';
import { workloadKind } from './resultSummary';

export function viewOfResult(result: SharedResult): ViewId {
  return workloadKind(result) === 'race' ? 'lab' : viewOfWorkload(result.config.workload);
}

/** Puts `view=…` before the result in a link hash, unless the view is the one the workload opens in anyway. */
export function withView(hash: string, view: ViewId, defaultView: ViewId): string {
  const marker = `&${RESULT_KEY}=`;
  const at = hash.indexOf(marker);
  if (view === defaultView || at < 0) return hash;
  return `${hash.slice(0, at)}&${VIEW_KEY}=${view}${hash.slice(at)}`;
}

/** The full URL of a result link on this page; rejects when the result cannot be shared (too large, invalid). */
export async function resultUrl(result: SharedResult, base: string): Promise<string> {
  const hash = await encodeResultLink(result);
  return `${base}${withView(hash, viewOfResult(result), viewOfWorkload(result.config.workload))}`;
}
