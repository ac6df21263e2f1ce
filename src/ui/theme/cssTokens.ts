/** Reads the custom properties a stylesheet declares on `:root`, light and under `prefers-color-scheme: dark`. */

/** `--name: value;` declarations in a block of CSS, in order. */
function declarations(block: string): Map<string, string> {
  return new Map([...block.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/gi)].map((m) => [m[1], m[2].trim()]));
}

/** The body of the first `selector { … }` block after `from` (no nested braces inside it). */
function blockAfter(css: string, selector: RegExp, from = 0): string | null {
  const rest = css.slice(from);
  const match = selector.exec(rest);
  if (!match) return null;
  const open = rest.indexOf('{', match.index + match[0].length - 1);
  const close = rest.indexOf('}', open);
  return open < 0 || close < 0 ? null : rest.slice(open + 1, close);
}

export interface SchemeProperties {
  light: Map<string, string>;
  dark: Map<string, string>;
}

/** The `:root` custom properties of the first `:root` block and of the `:root` inside the dark media query. */
export function schemeProperties(css: string): SchemeProperties {
  const withoutComments = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const light = blockAfter(withoutComments, /(^|\n)\s*:root\s*\{/);
  const media = /@media\s*\(\s*prefers-color-scheme\s*:\s*dark\s*\)\s*\{/.exec(withoutComments);
  const dark = media ? blockAfter(withoutComments, /:root\s*\{/, media.index + media[0].length) : null;
  return { light: declarations(light ?? ''), dark: declarations(dark ?? '') };
}
