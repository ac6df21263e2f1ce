import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { APP_ICON_SIZES, ISOLATION_HEADERS, WEB_MANIFEST_FILES } from '../../src/config/hosting';
import { EN_CORE } from '../../src/i18n/catalogs/en/core';
import { ZH_CN_CORE } from '../../src/i18n/catalogs/zhCN/core';
import { appIconFile, appIconPng } from './appIcon';
import { headersFile } from './hostingAssets';
import { WEB_MANIFESTS, webManifest } from './webManifest';

describe('the build’s hosting files', () => {
  it('names the installed app in each language and lists icons that exist, relative to any path', () => {
    const en = JSON.parse(webManifest('en')) as Record<string, unknown>;
    const zh = JSON.parse(webManifest('zh-CN')) as Record<string, unknown>;
    expect([en.name, en.lang, en.description]).toEqual([EN_CORE['app.title'], 'en', EN_CORE['app.intro']]);
    expect([zh.name, zh.lang, zh.description]).toEqual([ZH_CN_CORE['app.title'], 'zh-CN', ZH_CN_CORE['app.intro']]);
    for (const manifest of [en, zh]) {
      expect([manifest.start_url, manifest.scope, manifest.display]).toEqual(['./', './', 'standalone']);
      const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
      expect(icons.map((i) => `${i.src} ${i.sizes} ${i.purpose}`)).toEqual(APP_ICON_SIZES.flatMap((s) => [`${appIconFile(s)} ${s}x${s} any`, `${appIconFile(s)} ${s}x${s} maskable`]));
    }
    expect(WEB_MANIFESTS.map((m) => m.file)).toEqual(Object.values(WEB_MANIFEST_FILES));
  });

  it('draws each icon at its size, opaque, its bars inside the maskable safe zone', () => {
    for (const side of APP_ICON_SIZES) {
      const png = PNG.sync.read(appIconPng(side));
      expect([png.width, png.height]).toEqual([side, side]);
      const at = (x: number, y: number) => Array.from(png.data.subarray((y * side + x) * 4, (y * side + x) * 4 + 4));
      const background = at(0, 0);
      expect(background[3]).toBe(255);
      // The outer 10 % on every side (what a circle mask may cut) holds background only.
      const edge = Math.floor(side * 0.1);
      for (let i = 0; i < side; i++) for (const [x, y] of [[i, edge], [edge, i], [i, side - edge], [side - edge, i]]) expect(at(x, y)).toEqual(background);
      expect(at(Math.floor(side * 0.75), Math.floor(side * 0.5)), 'the tallest bar').not.toEqual(background);
    }
  });

  it('writes the isolation headers for every path in _headers', () => {
    const lines = headersFile().trim().split('\n');
    expect(lines[0]).toBe('/*');
    expect(lines.slice(1)).toEqual(Object.entries(ISOLATION_HEADERS).map(([name, value]) => `  ${name}: ${value}`));
  });
});
