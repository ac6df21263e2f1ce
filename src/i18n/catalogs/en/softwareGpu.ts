/** A software GPU (WebGL or WebGPU on the CPU): its backend card, its rows, and what the device lacks (src/share/softwareGpu.ts). */
export const EN_SOFTWARE_GPU = {
  'softwareGpu.card': 'Software GPU: runs on the CPU. The browser draws it with {renderer} (it reports “{evidence}”).',
  'softwareGpu.cardFallback': 'Software GPU: runs on the CPU. The browser granted only a fallback adapter (it reports “{evidence}”).',
  // A backend's name with the mark, in tables, bars and row names.
  'softwareGpu.named': '{backend} (software, on the CPU)',
  // A speed-up of a software GPU's row: a ratio of two CPU times, never a GPU speed-up.
  'softwareGpu.ratio': '{ratio}, CPU vs CPU',
  'softwareGpu.onSides': 'software GPU, on the CPU: {sides}',
  'softwareGpu.fallbackAdapter': 'a fallback adapter',
  'softwareGpu.unknownRenderer': 'a software renderer',
  // Lists of backends, renderers or sides: two items, and the last of three or more.
  'softwareGpu.list.pair': '{first} and {second}',
  'softwareGpu.list.more': '{list}, {item}',
  'softwareGpu.list.last': '{list}, and {last}',
  // This device, from the backends detected here: no GPU at all, or some GPU backends on the CPU.
  'softwareGpu.deviceLacks':
    'This device has no hardware GPU that the browser can use: {count, plural, one {{backends} runs on the CPU through {renderers}, so its times are CPU times} other {{backends} run on the CPU through {renderers}, so their times are CPU times}}.',
  'softwareGpu.deviceSome':
    'On this device {count, plural, one {{backends} runs on the CPU through {renderers}, so its times are CPU times} other {{backends} run on the CPU through {renderers}, so their times are CPU times}}, not GPU times.',
  // A shared or kept result, under its label (Theirs, Yours, a date).
  'softwareGpu.result':
    '{label}: {backends} ran on the CPU through {renderers}, a software GPU, so {count, plural, one {its times are} other {their times are}} CPU times, not GPU times.',
  // The size sweep of a software GPU: no GPU/CPU crossover to speak of.
  'softwareGpu.crossover': '{gpu} runs on the CPU here ({renderer}): its curve against {cpu} compares two CPU implementations, not a GPU with the CPU.',
  // src/share/csv.ts: the column that says which rows ran on a software GPU.
  'share.csv.softwareGpu': 'softwareGpu',
} as const;
