import { detailOf, msg } from '../../i18n/message';
import { notAvailable, stringOrHidden, WEBGPU_KEY_LIMITS, type Reported, type WebGpuAvailable, type WebGpuLimitName, type WebGpuSection } from '../protocol/deviceReport';


/** Older Chromium put isFallbackAdapter on the adapter itself; newer ones on adapter.info. */
type AdapterWithLegacyFields = GPUAdapter & { isFallbackAdapter?: boolean; info?: Partial<GPUAdapterInfo> };

/** Asks for an adapter of its own (tfjs keeps its device); never throws. */
export async function collectWebGpuSection(gpu: GPU | undefined): Promise<WebGpuSection> {
  if (!gpu) return notAvailable(msg('engine.device.noWebGpu'));
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter();
  } catch (err) {
    return notAvailable(msg('engine.device.adapterFailed', { detail: detailOf(err) }));
  }
  if (!adapter) return notAvailable(msg('engine.device.noAdapter'));
  return describeAdapter(adapter);
}

export function describeAdapter(adapter: GPUAdapter): WebGpuAvailable {
  const legacy = adapter as AdapterWithLegacyFields;
  const info = legacy.info;
  const infoField = (value: string | undefined): Reported<string> =>
    info ? stringOrHidden(value) : notAvailable(msg('engine.device.noAdapterInfo'));
  return {
    status: 'available',
    vendor: infoField(info?.vendor),
    architecture: infoField(info?.architecture),
    device: infoField(info?.device),
    description: infoField(info?.description),
    isFallbackAdapter: fallbackFlag(legacy),
    features: featureList(adapter),
    limits: keyLimits(adapter),
  };
}

function fallbackFlag(adapter: AdapterWithLegacyFields): Reported<boolean> {
  const value = adapter.info?.isFallbackAdapter ?? adapter.isFallbackAdapter;
  return typeof value === 'boolean' ? value : notAvailable(msg('engine.device.noFallbackFlag'));
}

function featureList(adapter: GPUAdapter): string[] {
  return [...adapter.features].map(String).sort();
}

function keyLimits(adapter: GPUAdapter): Record<WebGpuLimitName, Reported<number>> {
  const limits = adapter.limits as unknown as Partial<Record<WebGpuLimitName, number>>;
  const out = {} as Record<WebGpuLimitName, Reported<number>>;
  for (const name of WEBGPU_KEY_LIMITS) {
    const value = limits[name];
    out[name] = typeof value === 'number' ? value : notAvailable(msg('engine.device.noLimit', { name }));
  }
  return out;
}
