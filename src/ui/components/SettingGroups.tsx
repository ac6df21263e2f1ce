import { useCallback, useMemo, useState, type SyntheticEvent } from 'react';
import { changedKeys, formLayout, groupsOpenedBy } from '../../config/firstView';
import type { SettingsTable } from '../../config/schema';
import type { SettingGroup } from '../../config/settingGroups';
import type { RawValues } from '../../share/pageSettings';
import { useT } from '../i18n/useT';
import { SettingsForm, type SettingsFormProps } from './SettingsForm';

interface OpenGroups {
  values: RawValues;
  open: ReadonlySet<SettingGroup>;
}

/**
 * Which groups are open: those a link opened with, then each one the user opens, and each one whose
 * value a link, a lesson or a preset sets to something other than its default (src/config/firstView.ts).
 * The user may close any of them again.
 */
function useOpenGroups(table: SettingsTable, keys: readonly string[], values: RawValues): [ReadonlySet<SettingGroup>, (group: SettingGroup, open: boolean) => void] {
  const [state, setState] = useState<OpenGroups>(() => ({ values, open: new Set(groupsOpenedBy(table, keys, null, values)) }));
  let { open } = state;
  if (state.values !== values) {
    const opened = groupsOpenedBy(table, keys, state.values, values);
    if (opened.some((group) => !open.has(group))) open = new Set([...open, ...opened]);
    setState({ values, open });
  }
  const toggle = useCallback(
    (group: SettingGroup, isOpen: boolean) =>
      setState((s) => {
        if (s.open.has(group) === isOpen) return s;
        const next = new Set(s.open);
        if (isOpen) next.add(group);
        else next.delete(group);
        return { ...s, open: next };
      }),
    [],
  );
  return [open, toggle];
}

/** A form's folded settings, one <details> per group of its table (src/config/firstView.ts), each opened by one click or Enter. */
export function SettingGroups(props: SettingsFormProps) {
  const { table, keys, values, idPrefix = 'field' } = props;
  const t = useT();
  const layout = useMemo(() => formLayout(table, keys), [table, keys]);
  const [open, toggle] = useOpenGroups(table, keys, values);
  return (
    <>
      {layout.groups.map(({ group, keys: groupKeys }) => {
        const changed = changedKeys(table, groupKeys, values).length;
        return (
          <details
            key={group}
            className="setting-group"
            data-testid={`${idPrefix}-group-${group}`}
            open={open.has(group)}
            onToggle={(e: SyntheticEvent<HTMLDetailsElement>) => toggle(group, e.currentTarget.open)}
          >
            <summary>
              {t(`group.${group}`)}
              {changed > 0 && <span className="group-changed"> {t('group.changed', { count: changed })}</span>}
            </summary>
            <SettingsForm {...props} keys={groupKeys} />
          </details>
        );
      })}
    </>
  );
}

/** A whole form: its first settings, then its folded groups (the lab's panels). */
export function GroupedSettingsForm(props: SettingsFormProps) {
  const first = useMemo(() => formLayout(props.table, props.keys).first, [props.table, props.keys]);
  return (
    <>
      <SettingsForm {...props} keys={first} />
      <SettingGroups {...props} />
    </>
  );
}
