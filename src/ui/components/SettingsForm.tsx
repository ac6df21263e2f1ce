import { formErrorDetails, type Field, type IntField, type SettingsTable } from '../../config/schema';
import type { RawValues } from '../../share/pageSettings';
import type { Message } from '../../i18n/message';
import { useT } from '../i18n/useT';
import { Say } from '../i18n/Say';

export interface SettingsFormProps {
  table: SettingsTable;
  /** Keys of the table this form shows (others are set elsewhere, e.g. the backend picker). */
  keys: readonly string[];
  values: RawValues;
  disabled: boolean;
  onChange(key: string, value: string): void;
  /** Prefix of each input's test id: `${idPrefix}-${key}`. */
  idPrefix?: string;
  /** Options that cannot be picked here, with why (a backend this browser lacks). */
  unavailable?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Options beyond the table's, by key, already in the page's words (the own data sets kept in this browser, by name). */
  moreOptions?: Readonly<Record<string, readonly MoreOption[]>>;
  /** A line under a setting, by key (how many of an own data set's images the example counts use). */
  notes?: Readonly<Record<string, Message>>;
  /** The table's options a setting offers here, by key, when not all (an own set's classes for the GAN's Digit). */
  onlyOptions?: Readonly<Record<string, readonly string[]>>;
  /** Labels in place of the table's, by key and option, shown as data (an own set's class names). */
  optionLabels?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface MoreOption {
  readonly value: string;
  readonly label: string;
  /** Shown but not pickable (a link's own data set that this browser does not hold). */
  readonly disabled?: boolean;
}

function powersOfTwoIn(field: IntField): number[] {
  const out: number[] = [];
  for (let n = 1; n <= field.max; n *= 2) if (n >= field.min) out.push(n);
  return out;
}

interface InputProps {
  testId: string;
  field: Field;
  /** What the page calls each option, in its language. */
  optionText(option: string): string;
  value: string;
  disabled: boolean;
  onChange(v: string): void;
  unavailable?: Readonly<Record<string, string>>;
  more?: readonly MoreOption[];
  only?: readonly string[];
  labels?: Readonly<Record<string, string>>;
}

function FieldInput({ testId, field, optionText, value, disabled, onChange, unavailable, more = [], only, labels }: InputProps) {
  if (field.kind === 'enum' || (field.kind === 'int' && field.powerOfTwo)) {
    const all: readonly string[] = field.kind === 'enum' ? field.options : powersOfTwoIn(field).map(String);
    const options = only ? all.filter((o) => only.includes(o)) : all;
    return (
      <select data-testid={testId} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option} value={option} disabled={unavailable?.[option] !== undefined} title={unavailable?.[option]} translate={labels?.[option] === undefined ? undefined : 'no'}>
            {labels?.[option] ?? (field.kind === 'enum' ? optionText(option) : option)}
          </option>
        ))}
        {more.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled} translate={option.disabled ? undefined : 'no'}>
            {option.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      data-testid={testId}
      type="text"
      inputMode={field.kind === 'int' ? 'numeric' : 'decimal'}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Inputs generated from a settings table, each refused at input with the table's own message. */
export function SettingsForm({ table, keys, values, disabled, onChange, idPrefix = 'field', unavailable, moreOptions, notes, onlyOptions, optionLabels }: SettingsFormProps) {
  const errors = formErrorDetails(table, values, keys);
  const t = useT();
  return (
    <div className="settings">
      {keys.map((key) => {
        const field = table.fields[key];
        return (
          <label key={key} className={errors[key] ? 'setting invalid' : 'setting'} title={t.setting(table, key, 'help')}>
            <span>{t.setting(table, key, 'label')}</span>
            <FieldInput
              testId={`${idPrefix}-${key}`}
              field={field}
              optionText={(o) => t.setting(table, key, `option.${o}`)}
              value={values[key] ?? ''}
              disabled={disabled}
              onChange={(v) => onChange(key, v)}
              unavailable={unavailable?.[key]}
              more={moreOptions?.[key]}
              only={onlyOptions?.[key]}
              labels={optionLabels?.[key]}
            />
            {notes?.[key] && !errors[key] && (
              <small className="note" data-testid={`${idPrefix}-note-${key}`}>
                <Say message={notes[key]} />
              </small>
            )}
            {errors[key] && (
              <small role="alert" className="field-error" data-testid={`${idPrefix}-error-${key}`}>
                <Say message={errors[key].message} />
              </small>
            )}
          </label>
        );
      })}
    </div>
  );
}
