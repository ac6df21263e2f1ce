import { msg } from '../../i18n/message';
import { collectDeviceReport } from '../device/deviceReport';
import { progress, type LabJobContext } from './jobContext';

/** Reads the browser, the GPU adapter, WebGL and TensorFlow.js, and which backends are available. */
export async function runDeviceReport(ctx: LabJobContext): Promise<void> {
  progress(ctx, 0, msg('engine.progress.deviceReport'));
  await ctx.host.evaluateFlags();
  // Starting the WebAssembly backend tells how many threads it gets (and fetches its binary once).
  await ctx.host.activate('wasm').catch(() => undefined);
  const [report, backends] = await Promise.all([collectDeviceReport(), ctx.host.detect()]);
  ctx.emit({ type: 'deviceReport', report, backends });
  progress(ctx, 1, msg('engine.progress.deviceReportDone'));
}
