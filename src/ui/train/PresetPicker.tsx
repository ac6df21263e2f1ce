import { useRef, useState, type KeyboardEvent } from 'react';
import { CNN_PRESETS, presetExamples, type CnnPreset } from '../../config/cnnPresets';
import type { OwnDatasetSummary } from '../../config/datasets';
import { formatValue } from '../../config/schema';
import type { RawValues } from '../../share/pageSettings';
import { moveRovingFocus } from '../a11y/roving';
import { useT } from '../i18n/useT';
import { settingsStore } from '../share/pageStore';

/** The preset whose every setting the form holds now. */
function activePreset(values: RawValues): CnnPreset | undefined {
  return CNN_PRESETS.find((p) => Object.entries(p.settings).every(([key, value]) => values[key] === formatValue(value)));
}

/**
 * "Quick first run" (the defaults) and "Full seed run", one click each; the line under them says what
 * the chosen one costs, counting the images it uses of the chosen data set (an own set's real size). A toolbar: one tab stop, the arrow keys move between its buttons.
 */
export function PresetPicker({ values, disabled, own }: { values: RawValues; disabled: boolean; own: OwnDatasetSummary | null }) {
  const t = useT();
  const active = activePreset(values);
  const row = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const stop = focused ?? active?.id ?? CNN_PRESETS[0].id;
  const apply = (settings: Record<string, unknown>) =>
    settingsStore.update((s) => ({ ...s, cnn: { ...s.cnn, ...Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, formatValue(v)])) } }), 'push');
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const buttons = row.current ? [...row.current.querySelectorAll<HTMLButtonElement>('button:not(:disabled)')] : [];
    moveRovingFocus(event, buttons);
  };
  return (
    <div className="presets" role="toolbar" aria-labelledby="cnn-presets-label" data-testid="presets" ref={row}>
      <span id="cnn-presets-label" className="presets-label">
        {t('train.presets')}
      </span>
      {CNN_PRESETS.map((preset) => (
        <button
          key={preset.id}
          type="button"
          data-testid={`preset-${preset.id}`}
          aria-pressed={active?.id === preset.id}
          tabIndex={stop === preset.id ? 0 : -1}
          disabled={disabled}
          onFocus={() => setFocused(preset.id)}
          onKeyDown={onKeyDown}
          onClick={() => apply(preset.settings)}
        >
          {t(`preset.${preset.id}.label`)}
        </button>
      ))}
      {active && (
        <small className="note" data-testid="preset-note">
          {t(`preset.${active.id}.description`, { ...presetExamples(active, values.dataset ?? '', own) })}
        </small>
      )}
    </div>
  );
}
