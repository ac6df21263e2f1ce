import type { FieldError, SettingsTable } from '../../config/schema';
import type { T } from '../i18n/useT';

/** A form field's error in the page's language: a single field's refusal from its rule, a table rule's own message otherwise. */
export function refusalText(table: SettingsTable, error: FieldError, t: T): string {
  const { refusal } = error;
  if (!refusal) return error.message;
  const field = table.fields[error.key];
  const label = t.setting(table, error.key, 'label');
  const { rule, got } = refusal;
  const list = (options: readonly string[]) => options.join(', ');
  switch (rule.code) {
    case 'notNumber':
    case 'notWhole':
    case 'powerOfTwo':
      return t(`validation.${rule.code}`, { label, got });
    case 'range': {
      const unit = (field.kind === 'int' || field.kind === 'float') && field.unit ? ` ${t.setting(table, error.key, 'unit')}` : '';
      // Limits as written, not grouped: "4096", as the English has always said it.
      return t('validation.range', { label, got, min: String(rule.min), max: String(rule.max), unit });
    }
    case 'oneOf':
    case 'listShape':
      return t(`validation.${rule.code}`, { label, got, options: list(rule.options) });
    case 'listTwice':
      return t('validation.listTwice', { label, got, item: rule.item });
    case 'listCount':
      return t('validation.listCount', { label, got, min: String(rule.min), max: String(rule.max), options: list(rule.options) });
  }
}
