import { describe, expect, it } from 'vitest';
import { HIDDEN } from '../protocol/deviceReport';
import { parseUserAgent } from './userAgent';
import { msg } from '../../i18n/message';

/** Real user-agent strings as browsers send them. */
const UA = {
  ubuntuChromium:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Ubuntu Chromium/79.0.3945.79 Chrome/79.0.3945.79 Safari/537.36',
  reducedLinuxChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36',
  headlessChromium: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/139.0.0.0 Safari/537.36',
  chromeMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Safari/605.1.15',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4.1 Mobile/15E148 Safari/604.1',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.80',
  chromeAndroid: 'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
};

describe('parseUserAgent', () => {
  it('reads Chromium on Linux from its own token', () => {
    const ua = parseUserAgent(UA.ubuntuChromium);
    expect(ua.browser).toEqual({ name: 'Chromium', majorVersion: '79', fullVersion: '79.0.3945.79' });
    expect(ua.os).toEqual({ name: 'Linux', version: HIDDEN, architecture: 'x86 (64-bit)' });
    expect(ua.mobile).toBe(false);
  });

  it('tells Chromium from Chrome by its client-hint brands when the UA string cannot', () => {
    const brands = [
      { brand: 'Not)A;Brand', version: '8' },
      { brand: 'Chromium', version: '139' },
    ];
    expect(parseUserAgent(UA.reducedLinuxChromium).browser.name).toBe('Chrome');
    expect(parseUserAgent(UA.reducedLinuxChromium, { brands }).browser.name).toBe('Chromium');
    expect(parseUserAgent(UA.reducedLinuxChromium, { brands: [...brands, { brand: 'Google Chrome', version: '139' }] }).browser.name).toBe('Chrome');
    expect(parseUserAgent(UA.headlessChromium).browser.name).toBe('Chrome (headless)');
    expect(parseUserAgent(UA.headlessChromium, { brands }).browser.name).toBe('Chromium (headless)');
  });

  it('marks the frozen parts of a reduced Chrome on macOS as hidden', () => {
    const ua = parseUserAgent(UA.chromeMac);
    expect(ua.browser).toEqual({ name: 'Chrome', majorVersion: '124', fullVersion: HIDDEN });
    expect(ua.os).toEqual({ name: 'macOS', version: HIDDEN, architecture: HIDDEN });
  });

  it('fills the hidden parts from high-entropy client hints when granted', () => {
    const ua = parseUserAgent(UA.chromeMac, {
      brands: [{ brand: 'Google Chrome', version: '124' }],
      platformVersion: '14.4.1',
      architecture: 'arm',
      bitness: '64',
      fullVersionList: [{ brand: 'Google Chrome', version: '124.0.6367.91' }],
    });
    expect(ua.browser.fullVersion).toBe('124.0.6367.91');
    expect(ua.os).toEqual({ name: 'macOS', version: '14.4.1', architecture: 'arm (64-bit)' });
  });

  it('reads Firefox and keeps Windows 10 versus 11 hidden without client hints', () => {
    const ua = parseUserAgent(UA.firefoxWindows);
    expect(ua.browser).toEqual({ name: 'Firefox', majorVersion: '125', fullVersion: '125.0' });
    expect(ua.os).toEqual({ name: 'Windows', version: HIDDEN, architecture: 'x86 (64-bit)' });
    expect(parseUserAgent(UA.firefoxLinux).os.name).toBe('Linux');
  });

  it('tells Windows 11 from 10 by platformVersion', () => {
    expect(parseUserAgent(UA.edgeWindows, { platformVersion: '15.0.0' }).os.version).toBe('11');
    expect(parseUserAgent(UA.edgeWindows, { platformVersion: '10.0.0' }).os.version).toBe('10');
    expect(parseUserAgent(UA.edgeWindows).browser).toEqual({ name: 'Edge', majorVersion: '124', fullVersion: '124.0.2478.80' });
  });

  it('reads Safari on macOS and iOS', () => {
    const mac = parseUserAgent(UA.safariMac);
    expect(mac.browser).toEqual({ name: 'Safari', majorVersion: '17', fullVersion: '17.4.1' });
    expect(mac.os.version).toBe(HIDDEN);
    const iphone = parseUserAgent(UA.safariIphone);
    expect(iphone.browser.name).toBe('Safari');
    expect(iphone.os).toMatchObject({ name: 'iOS', version: '17.4.1' });
    expect(iphone.mobile).toBe(true);
  });

  it('treats the reduced "Android 10; K" as hidden', () => {
    const ua = parseUserAgent(UA.chromeAndroid);
    expect(ua.os).toMatchObject({ name: 'Android', version: HIDDEN });
    expect(ua.mobile).toBe(true);
  });

  it('says "not available" with a reason for an unknown agent', () => {
    const ua = parseUserAgent('curl/8.5.0');
    expect(ua.browser.name).toMatchObject({ status: 'not available' });
    expect(ua.os.name).toMatchObject({ status: 'not available', reason: msg('engine.device.unknownOs') });
  });
});
