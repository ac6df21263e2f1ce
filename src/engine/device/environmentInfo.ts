import { msg } from '../../i18n/message';
import { HIDDEN, notAvailable, type BrandVersion, type EnvironmentSection, type NotAvailable, type Reported, type UserAgentHints } from '../protocol/deviceReport';
import { parseUserAgent } from './userAgent';


/** Not in TypeScript's lib yet: the parts of NavigatorUAData the report reads. */
interface NavigatorUaData {
  brands: BrandVersion[];
  mobile: boolean;
  platform: string;
  getHighEntropyValues(hints: string[]): Promise<Partial<UserAgentHints>>;
}
type NavigatorWithExtras = Navigator & { userAgentData?: NavigatorUaData; deviceMemory?: number };

const HIGH_ENTROPY_HINTS = ['platformVersion', 'architecture', 'bitness', 'fullVersionList'];

export async function collectEnvironmentSection(): Promise<EnvironmentSection> {
  const nav = (globalThis as { navigator?: NavigatorWithExtras }).navigator;
  if (!nav) {
    const reason = notAvailable(msg('engine.device.noNavigator'));
    return {
      userAgent: reason,
      browser: { name: reason, majorVersion: reason, fullVersion: reason },
      os: { name: reason, version: reason, architecture: reason },
      mobile: reason,
      clientHints: reason,
      hardwareConcurrency: reason,
      deviceMemoryGiB: reason,
      crossOriginIsolated: crossOriginIsolation(),
    };
  }
  const clientHints = await readClientHints(nav.userAgentData);
  const userAgent = nav.userAgent ?? '';
  const parsed = parseUserAgent(userAgent, 'status' in clientHints ? {} : clientHints);
  return {
    userAgent: userAgent || HIDDEN,
    browser: parsed.browser,
    os: parsed.os,
    mobile: parsed.mobile,
    clientHints,
    hardwareConcurrency: positiveNumberOrHidden(nav.hardwareConcurrency),
    deviceMemoryGiB: positiveNumberOrHidden(nav.deviceMemory),
    crossOriginIsolated: crossOriginIsolation(),
  };
}

async function readClientHints(data: NavigatorUaData | undefined): Promise<UserAgentHints | NotAvailable> {
  if (!data) return notAvailable(msg('engine.device.noClientHints'));
  const low: UserAgentHints = { brands: data.brands.map(({ brand, version }) => ({ brand, version })), mobile: data.mobile, platform: data.platform };
  try {
    const high = await data.getHighEntropyValues(HIGH_ENTROPY_HINTS);
    const granted: UserAgentHints = { ...low };
    if (high.platformVersion) granted.platformVersion = high.platformVersion;
    if (high.architecture) granted.architecture = high.architecture;
    if (high.bitness) granted.bitness = high.bitness;
    if (high.fullVersionList) granted.fullVersionList = high.fullVersionList.map(({ brand, version }) => ({ brand, version }));
    return granted;
  } catch {
    return low; // the browser may refuse high-entropy values; the low-entropy ones still help
  }
}

/** Firefox and Safari leave deviceMemory out on purpose; an absent or zero value is withheld, not unknown. */
function positiveNumberOrHidden(value: number | undefined): Reported<number> {
  return typeof value === 'number' && value > 0 ? value : HIDDEN;
}

function crossOriginIsolation(): Reported<boolean> {
  const value = (globalThis as { crossOriginIsolated?: boolean }).crossOriginIsolated;
  return typeof value === 'boolean' ? value : notAvailable(msg('engine.device.noIsolation'));
}
