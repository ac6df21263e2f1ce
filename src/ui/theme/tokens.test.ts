import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { schemeProperties } from './cssTokens';
import { cssVariable, SCHEMES, TOKENS, type TokenName } from './tokens';

const STYLES = new URL('../styles.css', import.meta.url);
const CSS_FILES = ['../styles.css', '../lab/lab.css', '../share/share.css', '../inspect/inspect.css', '../inspect/digitCanvas.css'].map((f) => new URL(f, import.meta.url));

describe('styles.css declares the token table', () => {
  const declared = schemeProperties(readFileSync(STYLES, 'utf8'));

  for (const scheme of SCHEMES) {
    it(`every ${scheme} token, with the table's value, and nothing else`, () => {
      const expected = new Map((Object.keys(TOKENS) as TokenName[]).map((name) => [cssVariable(name), TOKENS[name][scheme]]));
      expect(Object.fromEntries(declared[scheme])).toEqual(Object.fromEntries(expected));
    });
  }

  it('reads a light :root and a dark one under the media query', () => {
    const css = '/* x */ :root { --text: #000; }\n@media (prefers-color-scheme: dark) { :root { --text: #fff; } }';
    expect(schemeProperties(css)).toEqual({ light: new Map([['--text', '#000']]), dark: new Map([['--text', '#fff']]) });
  });
});

describe('the stylesheets use the tokens', () => {
  it('name no colour of their own outside the token declarations (but a drawing pad, an image and scrims)', () => {
    const allowed = ['.digit-canvas', '.sample-grid canvas', 'box-shadow', '.overlay'];
    const strays = CSS_FILES.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /#[0-9a-f]{3,6}\b|rgba?\(/i.test(line) && !/^\s*--[a-z-]+\s*:/.test(line) && !allowed.some((a) => line.includes(a)))
        .map((line) => `${file.pathname.split('/src/')[1]}: ${line.trim()}`),
    );
    expect(strays).toEqual([]);
  });

  it('every var(--…) a stylesheet reads is a token', () => {
    const known = new Set((Object.keys(TOKENS) as TokenName[]).map(cssVariable));
    const unknown = CSS_FILES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/var\((--[a-z0-9-]+)/g)].map((m) => m[1]).filter((name) => !known.has(name)));
    expect(unknown).toEqual([]);
  });
});
