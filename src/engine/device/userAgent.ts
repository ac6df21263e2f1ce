import { msg } from '../../i18n/message';
import { HIDDEN, notAvailable, type BrandVersion, type ParsedUserAgent, type Reported, type UserAgentHints } from '../protocol/deviceReport';


/** First match wins, so the browsers that also say "Chrome/" or "Safari/" come before Chrome and Safari. */
const BROWSER_RULES: readonly { name: string; pattern: RegExp }[] = [
  { name: 'Edge', pattern: /\bEdg(?:e|A|iOS)?\/([\d.]+)/ },
  { name: 'Opera', pattern: /\b(?:OPR|Opera)\/([\d.]+)/ },
  { name: 'Samsung Internet', pattern: /\bSamsungBrowser\/([\d.]+)/ },
  { name: 'Chrome (headless)', pattern: /\bHeadlessChrome\/([\d.]+)/ },
  { name: 'Chromium', pattern: /\bChromium\/([\d.]+)/ },
  { name: 'Chrome', pattern: /\b(?:Chrome|CriOS)\/([\d.]+)/ },
  { name: 'Firefox', pattern: /\b(?:Firefox|FxiOS)\/([\d.]+)/ },
  { name: 'Safari', pattern: /\bVersion\/([\d.]+)(?:.*)\bSafari\// },
];

/** userAgentData brands that name a Chromium-based browser more precisely than the UA string. */
const BRAND_NAMES: readonly (readonly [brand: string, name: string])[] = [
  ['Microsoft Edge', 'Edge'],
  ['Opera', 'Opera'],
  ['Brave', 'Brave'],
  ['Google Chrome', 'Chrome'],
  ['HeadlessChrome', 'Chrome (headless)'],
  ['Chromium', 'Chromium'],
];

/** Chromium's reduced user agent freezes the version to "<major>.0.0.0". */
const REDUCED_VERSION = /^\d+\.0\.0\.0$/;
/** Safari, Chrome and Firefox all freeze macOS at 10.15(.7) whatever the real version. */
const FROZEN_MACOS = /^10[._]15(?:[._]7)?$/;
/** Windows 11 reports platformVersion 13 or above through client hints; 1..12 is Windows 10. */
const FIRST_WINDOWS_11_PLATFORM_MAJOR = 13;
const WINDOWS_NT_NAMES: Readonly<Record<string, string>> = { '6.1': '7', '6.2': '8', '6.3': '8.1' };

export function parseUserAgent(userAgent: string, hints: UserAgentHints = {}): ParsedUserAgent {
  return {
    browser: parseBrowser(userAgent, hints),
    os: { ...parseOs(userAgent, hints), architecture: parseArchitecture(userAgent, hints) },
    mobile: hints.mobile ?? /\bMobi|\biPhone\b/.test(userAgent),
  };
}

function parseBrowser(userAgent: string, hints: UserAgentHints): ParsedUserAgent['browser'] {
  const rule = BROWSER_RULES.find((r) => r.pattern.test(userAgent));
  const uaVersion = rule ? userAgent.match(rule.pattern)?.[1] : undefined;
  if (!rule || !uaVersion) {
    const reason = notAvailable(msg('engine.device.unknownBrowser'));
    return { name: reason, majorVersion: reason, fullVersion: reason };
  }
  const isChromiumFamily = rule.name === 'Chrome' || rule.name === 'Chromium' || rule.name === 'Chrome (headless)';
  const brand = isChromiumFamily ? brandOf(hints.brands) : undefined;
  const headless = rule.name === 'Chrome (headless)' && brand !== undefined && !brand[1].includes('headless');
  const name = brand ? `${brand[1]}${headless ? ' (headless)' : ''}` : rule.name;
  const fullFromHints = brand && hints.fullVersionList?.find((b) => b.brand === brand[0])?.version;
  const fullVersion = fullFromHints || (REDUCED_VERSION.test(uaVersion) ? HIDDEN : uaVersion);
  return { name, majorVersion: uaVersion.split('.')[0], fullVersion };
}

function brandOf(brands: BrandVersion[] | undefined): readonly [string, string] | undefined {
  if (!brands) return undefined;
  return BRAND_NAMES.find(([brand]) => brands.some((b) => b.brand === brand));
}

function parseOs(userAgent: string, hints: UserAgentHints): Omit<ParsedUserAgent['os'], 'architecture'> {
  const platformVersion = hints.platformVersion?.trim() || undefined;
  const windows = userAgent.match(/Windows NT ([\d.]+)/);
  if (windows) return { name: 'Windows', version: windowsVersion(windows[1], platformVersion) };
  const ios = userAgent.match(/\b(iPhone|iPad|iPod)\b.*? OS ([\d_]+)/);
  if (ios) return { name: ios[1] === 'iPad' ? 'iPadOS' : 'iOS', version: ios[2].replace(/_/g, '.') };
  const mac = userAgent.match(/Mac OS X ([\d_.]+)/);
  if (mac) return { name: 'macOS', version: platformVersion ?? (FROZEN_MACOS.test(mac[1]) ? HIDDEN : mac[1].replace(/_/g, '.')) };
  const android = userAgent.match(/Android ([\d.]+)(; K\))?/);
  if (android) return { name: 'Android', version: platformVersion ?? (android[2] ? HIDDEN : android[1]) };
  const chromeOs = userAgent.match(/CrOS \S+ ([\d.]+)/);
  if (chromeOs) return { name: 'ChromeOS', version: chromeOs[1] };
  if (/Linux/.test(userAgent)) return { name: 'Linux', version: platformVersion ?? HIDDEN };
  const reason = notAvailable(msg('engine.device.unknownOs'));
  return { name: reason, version: reason };
}

function windowsVersion(nt: string, platformVersion: string | undefined): Reported<string> {
  if (WINDOWS_NT_NAMES[nt]) return WINDOWS_NT_NAMES[nt];
  if (nt !== '10.0') return `NT ${nt}`;
  const major = platformVersion ? Number(platformVersion.split('.')[0]) : NaN;
  if (major >= FIRST_WINDOWS_11_PLATFORM_MAJOR) return '11';
  if (major > 0) return '10';
  return HIDDEN; // "Windows NT 10.0" is sent by both Windows 10 and 11
}

function parseArchitecture(userAgent: string, hints: UserAgentHints): Reported<string> {
  if (hints.architecture) return hints.bitness ? `${hints.architecture} (${hints.bitness}-bit)` : hints.architecture;
  if (/\b(?:x86_64|x64|Win64|WOW64|amd64)\b/i.test(userAgent)) return 'x86 (64-bit)';
  if (/\b(?:aarch64|arm64)\b/i.test(userAgent)) return 'arm (64-bit)';
  if (/\barmv\d/i.test(userAgent)) return 'arm (32-bit)';
  if (/\b(?:i[3-6]86|x86)\b/.test(userAgent)) return 'x86 (32-bit)';
  return HIDDEN; // Macs say "Intel" even on Apple silicon; phones rarely say anything
}
