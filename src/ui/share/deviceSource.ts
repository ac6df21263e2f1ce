/**
 * The device report a shared result carries. The lab's worker collects it (it runs in a worker
 * context); the latest report the lab already has is reused, otherwise one is asked for as soon
 * as the lab is idle. If none comes in time, the page's own partial facts are used, marked so.
 */
import { deviceClient } from '../device';
import { labSession } from '../lab/labSession';
import { flattenDeviceReport, minimalDevice, type DeviceForShare } from '../../share/flattenDevice';
import { softwareMapOf } from '../../share/softwareGpu';
import { Translator } from '../../i18n/translator';

/** A shared result records its device in English (data, like the report's keys). */
const ENGLISH = new Translator('en');

/** How long a result waits for the lab (it may be busy with a race) before taking partial facts, ms. */
export const DEVICE_REPORT_WAIT_MS = 60_000;

/** The lab's latest report, with the software GPUs its backend probes found. */
function latestReport(): DeviceForShare | null {
  const job = labSession.getSnapshot().jobs.deviceReport;
  return job?.status === 'done' && job.deviceReport ? { ...flattenDeviceReport(job.deviceReport.report), software: softwareMapOf(job.deviceReport.backends) } : null;
}

/** The page's own facts, with the software GPUs the page's backend detection found (when it has answered). */
function partialDevice(why: string): DeviceForShare {
  const { backends } = deviceClient.getSnapshot();
  return backends ? { ...minimalDevice(navigator, why), software: softwareMapOf(backends) } : minimalDevice(navigator, why);
}

let pending: Promise<DeviceForShare> | null = null;

function waitForReport(): Promise<DeviceForShare> {
  return new Promise((resolve) => {
    let unsubscribe = () => undefined as unknown;
    const finish = (device: DeviceForShare) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(device);
    };
    const timer = setTimeout(() => finish(partialDevice('the full device report was not ready in time')), DEVICE_REPORT_WAIT_MS);
    const check = () => {
      const report = latestReport();
      if (report) return finish(report);
      const job = labSession.getSnapshot().jobs.deviceReport;
      if (job?.status === 'error') return finish(partialDevice(`the device report failed: ${job.error ? ENGLISH.say(job.error) : 'unknown error'}`));
      if (!job || job.status === 'cancelled') labSession.readDevice();
    };
    unsubscribe = labSession.subscribe(check);
    check();
  });
}

/** This device as far as the page knows it now, without waiting for a report (a run may hold the device). */
export function deviceNow(): DeviceForShare {
  return latestReport() ?? partialDevice('no full device report was read on this page yet');
}

/** This device, flattened for a shared result; never rejects. */
export function deviceForShare(): Promise<DeviceForShare> {
  const report = latestReport();
  if (report) return Promise.resolve(report);
  pending ??= waitForReport().finally(() => (pending = null));
  return pending;
}
