import type { DatasetId } from '../config/datasets';

/** The layout of the data assets under the data root (public/data in the repo, /data/ when served). */
export const SPLIT_NAMES = ['train', 'test'] as const;
export type SplitName = (typeof SPLIT_NAMES)[number];

export const PART_NAMES = ['images', 'labels'] as const;
export type PartName = (typeof PART_NAMES)[number];

/** Gzip of raw uint8 bytes: images count*784 row-major, labels count. */
export function assetPath(id: DatasetId, split: SplitName, part: PartName): string {
  return `${id}/${split}-${part}.u8.gz`;
}

/** Written last by the build, so a half-finished build never looks up to date. */
export function manifestPath(id: DatasetId): string {
  return `${id}/manifest.json`;
}
