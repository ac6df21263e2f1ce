import { Children, Fragment, type ReactNode } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import type { Message } from '../../i18n/message';
import { isSentence, resolveId } from '../../i18n/translator';

/**
 * A message that came as data (from the worker, a validator, a store) in the page's language. Its
 * string values are data, not words of the app: a raw library error, a file name, what a link carried,
 * what the browser reports. They are marked translate="no", so a translation tool leaves them as they
 * are, and the Chinese end-to-end test tells them from the app's own words.
 */
export function Say({ message }: { message: Message }) {
  const intl = useIntl();
  const nodes = said(intl, message);
  return <>{isSentence(message.id) ? raised(nodes) : nodes}</>;
}

/** Recorded data inside a sentence, left as it came. */
export function Data({ children }: { children: ReactNode }) {
  return <span translate="no">{children}</span>;
}

function said(intl: IntlShape, message: Message): ReactNode {
  const values: Record<string, ReactNode> = {};
  for (const [key, value] of Object.entries(message.values ?? {})) {
    values[key] = typeof value === 'string' ? <Data>{value}</Data> : typeof value === 'number' ? value : <>{said(intl, value)}</>;
  }
  const formatted: ReactNode = intl.formatMessage({ id: resolveId(message.id) }, values);
  // Keys by position: a value may appear twice in one message ({size}×{size}).
  return Array.isArray(formatted) ? Children.toArray(formatted) : formatted;
}

/** The first letter of a sentence raised, as Translator.say does; data is never changed. */
function raised(nodes: ReactNode): ReactNode {
  if (typeof nodes === 'string') return nodes.charAt(0).toLocaleUpperCase() + nodes.slice(1);
  if (Array.isArray(nodes) && nodes.length > 0) return [raised(nodes[0]), ...nodes.slice(1)];
  if (nodes && typeof nodes === 'object' && 'type' in nodes && nodes.type === Fragment) {
    const fragment = nodes as { key: string | null; props: { children: ReactNode } };
    return <Fragment key={fragment.key ?? undefined}>{raised(fragment.props.children)}</Fragment>;
  }
  return nodes;
}
