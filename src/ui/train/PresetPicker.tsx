import { CNN_PRESETS } from '../../config/cnnPresets';
import { formatValue } from '../../config/schema';
import type { RawValues } from '../../share/pageSettings';
import { useT } from '../i18n/useT';
import { settingsStore } from '../share/pageStore';

/** The preset whose every setting the form holds now, or null. */
function activePreset(values: RawValues): string | null {
  return CNN_PRESETS.find((p) => Object.entries(p.settings).every(([key, value]) => values[key] === formatValue(value)))?.id ?? null;
}

/** "Quick first run" (the defaults) and "Full seed run", one click each; the line under them says what the chosen one costs. */
export function PresetPicker({ values, disabled }: { values: RawValues; disabled: boolean }) {
  const t = useT();
  const active = activePreset(values);
  const apply = (settings: Record<string, unknown>) =>
    settingsStore.update((s) => ({ ...s, cnn: { ...s.cnn, ...Object.fromEntries(Object.entries(settings).map(([k, v]) => [k, formatValue(v)])) } }), 'push');
  return (
    <div className="presets" role="group" aria-labelledby="cnn-presets-label" data-testid="presets">
      <span id="cnn-presets-label">{t('train.presets')}</span>
      {CNN_PRESETS.map((preset) => (
        <button key={preset.id} type="button" data-testid={`preset-${preset.id}`} aria-pressed={active === preset.id} disabled={disabled} onClick={() => apply(preset.settings)}>
          {t(`preset.${preset.id}.label`)}
        </button>
      ))}
      {active && (
        <small className="note" data-testid="preset-note">
          {t(`preset.${active}.description`)}
        </small>
      )}
    </div>
  );
}
