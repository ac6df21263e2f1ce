interface Props {
  prefix: string;
  label: string;
  choices: readonly number[];
  min: number;
  max: number;
  disabled: boolean;
  onChange(min: number, max: number): void;
}

/** "from … to …" over powers of two; the upper bound never falls below the lower. */
export function SizeRange({ prefix, label, choices, min, max, disabled, onChange }: Props) {
  return (
    <div className="settings lab-range">
      <label className="setting">
        <span>{label} from</span>
        <select data-testid={`${prefix}-field-min`} value={min} disabled={disabled} onChange={(e) => onChange(Number(e.target.value), Math.max(max, Number(e.target.value)))}>
          {choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <label className="setting">
        <span>to</span>
        <select data-testid={`${prefix}-field-max`} value={max} disabled={disabled} onChange={(e) => onChange(Math.min(min, Number(e.target.value)), Number(e.target.value))}>
          {choices.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}
