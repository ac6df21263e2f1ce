import type { EN_SOFTWARE_GPU } from '../en/softwareGpu';

export const ZH_CN_SOFTWARE_GPU: Readonly<Record<keyof typeof EN_SOFTWARE_GPU, string>> = {
  'softwareGpu.card': '软件 GPU：实际在 CPU 上运行。浏览器用 {renderer} 来模拟它（报告为“{evidence}”）。',
  'softwareGpu.cardFallback': '软件 GPU：实际在 CPU 上运行。浏览器只提供了后备适配器（报告为“{evidence}”）。',
  'softwareGpu.named': '{backend}（软件，在 CPU 上）',
  'softwareGpu.ratio': '{ratio}，CPU 对 CPU',
  'softwareGpu.onSides': '软件 GPU，在 CPU 上：{sides}',
  'softwareGpu.fallbackAdapter': '后备适配器',
  'softwareGpu.unknownRenderer': '软件渲染器',
  'softwareGpu.list.pair': '{first}和{second}',
  'softwareGpu.list.more': '{list}、{item}',
  'softwareGpu.list.last': '{list}和{last}',
  'softwareGpu.deviceLacks':
    '此设备没有浏览器可用的硬件 GPU：{count, plural, one {{backends} 通过 {renderers} 在 CPU 上运行，所以它的时间都是 CPU 时间} other {{backends} 通过 {renderers} 在 CPU 上运行，所以它们的时间都是 CPU 时间}}。',
  'softwareGpu.deviceSome':
    '在此设备上，{count, plural, one {{backends} 通过 {renderers} 在 CPU 上运行，所以它的时间是 CPU 时间} other {{backends} 通过 {renderers} 在 CPU 上运行，所以它们的时间是 CPU 时间}}，不是 GPU 时间。',
  'softwareGpu.result':
    '{label}：{backends} 通过软件 GPU {renderers} 在 CPU 上运行，所以{count, plural, one {它的} other {它们的}}时间是 CPU 时间，不是 GPU 时间。',
  'softwareGpu.crossover': '{gpu} 在此设备上通过 {renderer} 在 CPU 上运行：它与 {cpu} 的曲线比较的是两种 CPU 实现，而不是 GPU 与 CPU。',
  'share.csv.softwareGpu': '软件 GPU',
};
