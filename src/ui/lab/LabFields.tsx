import { isBackendName, type BackendAvailability } from '../../config/backends';
import { LAB_TABLE } from '../../config/labConfig';
import { markChosen } from '../components/backendChoices';
import { GroupedSettingsForm } from '../components/SettingGroups';
import type { SettingsFormProps } from '../components/SettingsForm';
import { useT } from '../i18n/useT';
import { setFormValue } from '../share/pageStore';
import { unavailableBackends } from './labFormat';

interface Props {
  keys: readonly string[];
  values: Record<string, string>;
  /** For backend fields: the backends this browser has, the others shown disabled with their reason. */
  backends?: BackendAvailability[] | null;
  /** Options beyond the table's, by key (the Data set's own sets). */
  moreOptions?: SettingsFormProps['moreOptions'];
}

/** The form's id prefix (not shown to people). */
const ID_PREFIX = 'lab-field';
/** A pick in a backend select (anatomy, profile) is a choice, kept even on a software GPU. */
const setLabValue = (key: string, value: string) => {
  if (LAB_TABLE.fields[key as keyof typeof LAB_TABLE.fields]?.kind === 'enum' && isBackendName(value)) markChosen(`lab.${key}`, value);
  setFormValue('lab', key, value);
};

/** Some of the lab's settings, as a panel shows them (the rest of a group folded, src/config/firstView.ts); edits go to the lab's form (and so to the URL). */
export function LabFields({ keys, values, backends, moreOptions }: Props) {
  const t = useT();
  const missing = backends === undefined ? undefined : unavailableBackends(backends, t.translator);
  const unavailable = missing && Object.fromEntries(keys.filter((k) => LAB_TABLE.fields[k as keyof typeof LAB_TABLE.fields]?.kind === 'enum').map((k) => [k, missing]));
  return <GroupedSettingsForm table={LAB_TABLE} keys={keys} values={values} disabled={false} onChange={setLabValue} idPrefix={ID_PREFIX} unavailable={unavailable} moreOptions={moreOptions} />;
}
