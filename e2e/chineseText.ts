/** Checks that a page in Chinese shows no English: the text scan the zh-CN specs share. */
import type { Page } from '@playwright/test';
import '../src/i18n/loadAllCatalogs';
import { latinWords } from '../src/i18n/latinWords';
import { catalog } from '../src/i18n/translator';
import { expect } from './fixtures';

export interface PageTexts {
  /** The app's words: text nodes, options, accessible names and titles. */
  words: string[];
  /** Text the page marks translate="no": what the browser, a library, a link or a file said, shown as it came. */
  data: string[];
}

/** Every piece of text a person sees or hears on the page (or inside the element `within` selects): text nodes, options, and accessible names and titles. */
export async function visibleTexts(page: Page, within?: string): Promise<PageTexts> {
  return page.evaluate((selector) => {
    const out: { words: string[]; data: string[] } = { words: [], data: [] };
    const root = selector ? document.querySelector(selector) : document.body;
    if (!root) return out;
    const shown = (el: Element) => !el.closest('[hidden]') && (el as HTMLElement).checkVisibility?.() !== false;
    const add = (el: Element, text: string | null | undefined) => {
      const trimmed = text?.trim();
      if (trimmed) (el.closest('[translate="no"]') ? out.data : out.words).push(trimmed);
    };
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      const el = node.parentElement;
      if (el && !el.closest('script, style, option') && shown(el)) add(el, node.textContent);
    }
    for (const select of root.querySelectorAll('select')) if (shown(select)) for (const option of select.options) add(option, option.text);
    const named = [...(root.matches('[aria-label], [title]') ? [root] : []), ...root.querySelectorAll('[aria-label], [title]')];
    for (const el of named) {
      if (!shown(el)) continue;
      for (const attr of ['aria-label', 'title']) add(el, el.getAttribute(attr));
    }
    return out;
  }, within ?? null);
}

/** English catalog messages (whole, or with their arguments as wildcards) found in these texts. */
export function englishLeftOn(texts: readonly string[]): string[] {
  const english = catalog('en');
  const chinese = catalog('zh-CN');
  const found: string[] = [];
  for (const [id, message] of Object.entries(english)) {
    // Product names and symbols read the same in both catalogs; only a message that has a translation can be left untranslated.
    if (chinese[id] === message || !/[a-z]{3}/i.test(message.replace(/\{[^}]*\}/g, ''))) continue;
    const pattern = new RegExp(`^${message.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]*\}/g, '.+')}$`);
    const hit = texts.find((text) => pattern.test(text));
    if (hit) found.push(`${id}: "${hit}"`);
  }
  return found;
}

/**
 * The page (or the part `within` selects) in Chinese, strictly: at least `atLeast` texts, no Latin word in
 * the app's words but the allowlisted names, units and code (src/i18n/latinWords.ts), and no English
 * sentence of the app passed off as data.
 */
export async function expectAllChinese(page: Page, { within, atLeast = 20 }: { within?: string; atLeast?: number } = {}): Promise<void> {
  const { words, data } = await visibleTexts(page, within);
  expect(words.length).toBeGreaterThan(atLeast);
  expect(latinWords(words).map(({ word, text }) => `${word} in "${text}"`)).toEqual([]);
  expect(englishLeftOn([...words, ...data])).toEqual([]);
}
