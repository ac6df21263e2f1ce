/**
 * A colour as the page passes it around: `var(--series-blue)`, so HTML styled with it follows the
 * scheme by itself; a canvas cannot read custom properties, so charts resolve it from the table.
 */
import { cssVariable, TOKENS, type Scheme, type TokenName } from './tokens';

const BY_VARIABLE = new Map((Object.keys(TOKENS) as TokenName[]).map((name) => [cssVariable(name), name]));

/** `var(--name)` for a token: what inline styles and chart series carry. */
export function tokenRef(name: TokenName): string {
  return `var(${cssVariable(name)})`;
}

/** A `var(--token)` as the token's colour in the scheme; any other colour as it is. */
export function resolveColor(color: string, scheme: Scheme): string {
  const match = /^var\((--[a-z0-9-]+)\)$/.exec(color.trim());
  const name = match ? BY_VARIABLE.get(match[1]) : undefined;
  return name ? TOKENS[name][scheme] : color;
}
