/**
 * The web app manifests, one per page language (the page links its own language's): the app's name and
 * description from the message catalogs, so an installed app is named in the language it was installed in.
 */
import { APP_ICON_SIZES, WEB_MANIFEST_FILES } from '../../src/config/hosting.js';
import type { Locale } from '../../src/config/locales';
import { EN_CORE } from '../../src/i18n/catalogs/en/core.js';
import { ZH_CN_CORE } from '../../src/i18n/catalogs/zhCN/core.js';
import { appIconFile } from './appIcon.js';

const CATALOGS: Record<Locale, { 'app.title': string; 'app.intro': string }> = { en: EN_CORE, 'zh-CN': ZH_CN_CORE };
/** The page's dark background: the splash screen and the title bar while the page loads. */
const BACKGROUND = '#0f172a';

export function webManifest(locale: Locale): string {
  const words = CATALOGS[locale];
  const icons = APP_ICON_SIZES.flatMap((side) =>
    (['any', 'maskable'] as const).map((purpose) => ({ src: appIconFile(side), sizes: `${side}x${side}`, type: 'image/png', purpose })),
  );
  return JSON.stringify(
    {
      name: words['app.title'],
      short_name: words['app.title'],
      description: words['app.intro'],
      lang: locale,
      // Relative to the manifest: the folder it is served from, so an installed copy opens at any path.
      id: './',
      start_url: './',
      scope: './',
      display: 'standalone',
      background_color: BACKGROUND,
      theme_color: BACKGROUND,
      icons,
    },
    null,
    1,
  );
}

export const WEB_MANIFESTS = Object.entries(WEB_MANIFEST_FILES).map(([locale, file]) => ({ file, source: () => webManifest(locale as Locale) }));
