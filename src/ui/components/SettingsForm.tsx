import type { Field, Schema } from '../../config/schema';
import { parseField } from '../../config/schema';

export type RawValues = Record<string, string>;

interface Props {
  schema: Schema;
  /** Keys of the schema this form shows (others are set elsewhere, e.g. the backend picker). */
  keys: string[];
  values: RawValues;
  disabled: boolean;
  onChange(key: string, value: string): void;
  /** Display names for enum options. */
  optionLabels?: Record<string, Record<string, string>>;
}

/** Error message per key for the current raw values, derived from the schema table. */
export function fieldErrors(schema: Schema, values: RawValues, keys: string[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const key of keys) {
    const parsed = parseField(schema[key], values[key]);
    if (!parsed.ok) errors[key] = parsed.message;
  }
  return errors;
}

function FieldInput({ name, field, value, disabled, onChange, labels }: { name: string; field: Field; value: string; disabled: boolean; onChange(v: string): void; labels?: Record<string, string> }) {
  if (field.kind === 'enum') {
    return (
      <select data-testid={`field-${name}`} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {field.options.map((o) => (
          <option key={o} value={o}>
            {labels?.[o] ?? o}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      data-testid={`field-${name}`}
      type="text"
      inputMode={field.kind === 'int' ? 'numeric' : 'decimal'}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Inputs generated from the schema table, each refused at input with the schema's message. */
export function SettingsForm({ schema, keys, values, disabled, onChange, optionLabels }: Props) {
  const errors = fieldErrors(schema, values, keys);
  return (
    <div className="settings">
      {keys.map((key) => {
        const field = schema[key];
        return (
          <label key={key} className={errors[key] ? 'setting invalid' : 'setting'}>
            <span>{field.label}</span>
            <FieldInput name={key} field={field} value={values[key]} disabled={disabled} onChange={(v) => onChange(key, v)} labels={optionLabels?.[key]} />
            {errors[key] && (
              <small role="alert" className="field-error" data-testid={`field-error-${key}`}>
                {errors[key]}
              </small>
            )}
          </label>
        );
      })}
    </div>
  );
}
