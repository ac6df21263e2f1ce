/** The own data sets as Data set options, and whether the chosen one is missing from this browser. */
import { useEffect, useSyncExternalStore } from 'react';
import { isOwnDatasetId, type OwnDatasetSummary } from '../../config/datasets';
import type { MoreOption } from '../components/SettingsForm';
import { useT } from '../i18n/useT';
import { ownDataList, type OwnDataListSnapshot } from './ownDataList';
import { ownDataSession } from './ownDataSession';

export interface OwnDatasetChoice {
  /** Every kept set by name, and the chosen id where this browser does not hold it (not pickable). */
  readonly options: readonly MoreOption[];
  /** The chosen set when it is one of your own kept here. */
  readonly chosen: OwnDatasetSummary | null;
  /** The chosen own id once the list is read and it is not in it. */
  readonly missing: string | null;
}

/** Pure: the options and the chosen set from the Data set value and the list; `missingLabel` names an id not kept here. */
export function ownDatasetChoice(value: string | undefined, { loaded, datasets }: OwnDataListSnapshot, missingLabel: (id: string) => string): OwnDatasetChoice {
  const options: MoreOption[] = datasets.map((d) => ({ value: d.id, label: d.name }));
  const own = value !== undefined && isOwnDatasetId(value) ? value : null;
  const chosen = own ? (datasets.find((d) => d.id === own) ?? null) : null;
  // Until the list is read, the id as it is: it may well be kept here.
  if (own && !chosen) options.push({ value: own, label: loaded ? missingLabel(own) : own, disabled: true });
  return { options, chosen, missing: own && loaded && !chosen ? own : null };
}

export function useOwnDatasetChoice(value: string | undefined): OwnDatasetChoice {
  const t = useT();
  const list = useSyncExternalStore(ownDataList.subscribe, ownDataList.getSnapshot);
  return ownDatasetChoice(value, list, (id) => t('ownData.missingOption', { id }));
}

/** The same, for a view other than the Train view (GAN studio, lab): it asks for the list itself, since the Train view may not have been shown. */
export function useListedOwnDatasetChoice(value: string | undefined): OwnDatasetChoice {
  useEffect(() => ownDataSession.ensureListed(), []);
  return useOwnDatasetChoice(value);
}
