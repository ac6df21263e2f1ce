import { describe, expect, it } from 'vitest';
import { HIDDEN, type DeviceReport as LabDeviceReport } from '../engine/protocol/deviceReport';
import { sampleDeviceReport } from '../engine/protocol/deviceReportFixture';
import { validateSharedResult } from './resultDoc';
import { typicalRaceResult } from './fixtures/typicalRace';
import { flattenDeviceReport, minimalDevice } from './flattenDevice';
import { version } from '../../package.json';

function labReport(flagCount = 3): LabDeviceReport {
  const flags: Record<string, boolean | string> = { IS_BROWSER: true, WEBGPU_CPU_FORWARD: true, WEBGL_PACK: false };
  for (let i = 3; i < flagCount; i++) flags[`SOME_FLAG_${i}`] = `value ${'x'.repeat(200)}`;
  return sampleDeviceReport({ flags, description: '' });
}

/** The device and versions, in a result the shared-document validator reads back. */
function validated(device: Record<string, unknown>, versions: Record<string, string>) {
  return validateSharedResult(JSON.parse(JSON.stringify({ ...typicalRaceResult(), device, versions })));
}

describe('the device report of a shared result', () => {
  it('flattens the lab report: telling facts by name, hidden values dropped from joined text, reasons kept', () => {
    const { device, versions } = flattenDeviceReport(labReport());
    expect(device).toMatchObject({
      browser: 'Chromium',
      os: 'Linux',
      'os.architecture': 'x86 (64-bit)',
      'cpu.cores': 2,
      'webgpu.vendor': 'google',
      'webgpu.architecture': 'swiftshader',
      'webgpu.device': HIDDEN,
      'webgpu.fallbackAdapter': 'not available (this browser does not report isFallbackAdapter)',
      'webgpu.maxBufferSize': 268_435_456,
      'webgpu.features': ['float32-filterable', 'timestamp-query'],
      // Recorded data: the reason in English, whatever language the sender's page spoke.
      webgl: 'not available (OffscreenCanvas is missing: WebGL cannot be reached from this context (not a browser worker))',
      'tfjs.backends': ['cpu', 'webgl', 'webgpu'],
      'wasm.threads': 2,
      'wasm.xnnpackThreads': 2,
      'flag.WEBGPU_CPU_FORWARD': true,
    });
    // Backend flags that change a step's cost come before the rest.
    const flagKeys = Object.keys(device).filter((k) => k.startsWith('flag.'));
    expect(flagKeys).toEqual(['flag.WEBGL_PACK', 'flag.WEBGPU_CPU_FORWARD', 'flag.IS_BROWSER']);
    expect(versions).toEqual({ app: version, 'tfjs-core': '4.22.0' });
    expect(validated(device, versions).errors).toEqual([]);
  });

  it('stays within the shared document limits however many flags the browser has', () => {
    const { device, versions } = flattenDeviceReport(labReport(200));
    expect(Object.keys(device).length).toBeLessThanOrEqual(64);
    const check = validated(device, versions);
    expect(check.errors).toEqual([]);
    expect(check.result?.device).toEqual(device);
  });

  it('marks the page\'s own facts as partial when the lab report is unavailable', () => {
    const { device } = minimalDevice({ userAgent: 'UA', hardwareConcurrency: 4 }, 'the lab was busy');
    expect(device).toEqual({ userAgent: 'UA', 'cpu.cores': 4, report: 'partial: the lab was busy' });
    expect(minimalDevice(undefined, 'x').device.userAgent).toBe(HIDDEN);
  });
});
