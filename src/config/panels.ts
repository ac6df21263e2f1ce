/**
 * The panels of each view, by id, with what a lesson editor calls them. A lesson step names the
 * panels it shows; while a lesson is open the view hides the others. Chart panels are keyed by the
 * chart's test id.
 */
import type { ViewId } from './views';

export const PANELS = {
  train: {
    setup: 'Backend, settings and run controls',
    stats: 'Headline numbers',
    'chart-loss': 'Loss chart',
    'chart-accuracy': 'Accuracy chart',
    'chart-throughput': 'Throughput chart',
    'chart-step-time': 'Step time chart',
    'chart-memory': 'Memory chart',
    share: 'Share and export',
  },
  gan: {
    setup: 'Backend, settings and run controls',
    samples: 'Generated digits and their quality',
    stats: 'Headline numbers',
    'chart-gan-loss': 'D and G loss chart',
    'chart-gan-d': 'Discriminator outputs chart',
    'chart-gan-throughput': 'Throughput chart',
    'chart-gan-step-time': 'Step time chart',
    'chart-gan-memory': 'Memory chart',
    share: 'Share and export',
  },
  lab: {
    device: 'Device report',
    settings: 'Lab settings and backends',
    race: 'Backend race',
    parity: 'Parity check',
    matmul: 'Matrix-multiply size sweep',
    batch: 'Batch-size sweep',
    anatomy: 'Anatomy of a step',
    profile: 'Kernel profile',
  },
  inspect: {
    draw: 'Draw a digit',
    confusion: 'Confusion matrix',
    filters: 'First-layer filters and feature maps',
    summary: 'Model summary',
  },
  history: {
    history: 'Run history',
  },
  board: {
    add: 'Add result links and files',
    room: "The room's chart and findings",
    devices: 'Devices table',
    export: 'Board link and export',
  },
} as const satisfies Record<ViewId, Record<string, string>>;

export type PanelId<V extends ViewId = ViewId> = V extends ViewId ? keyof (typeof PANELS)[V] & string : never;

export function panelIds(view: ViewId): string[] {
  return Object.keys(PANELS[view]);
}

export function isPanelOf(view: ViewId, panel: unknown): boolean {
  return typeof panel === 'string' && Object.hasOwn(PANELS[view], panel);
}
