/**
 * The page's own English messages (ICU MessageFormat), by id, one file per area of the page.
 * Messages that a config table already holds (settings, views, models, backends, lessons) are not
 * repeated here: see tableMessages.ts. Every id must be in every other catalog: the compiler checks
 * each zhCN/<area>.ts against its English area, and catalogs.test.ts checks the whole.
 */
import { EN_BOARD } from './en/board';
import { EN_CHECKS } from './en/checks';
import { EN_CORE } from './en/core';
import { EN_ENGINE } from './en/engine';
import { EN_GAN_INSPECT } from './en/ganInspect';
import { EN_HOSTING } from './en/hosting';
import { EN_LAB } from './en/lab';
import { EN_OWN_DATA } from './en/ownData';
import { EN_SHARE } from './en/share';
import { EN_SOFTWARE_GPU } from './en/softwareGpu';
import { EN_GPU_ENGINE } from './en/gpuEngine';

export const EN = { ...EN_CORE, ...EN_LAB, ...EN_GAN_INSPECT, ...EN_SHARE, ...EN_ENGINE, ...EN_CHECKS, ...EN_SOFTWARE_GPU, ...EN_BOARD, ...EN_OWN_DATA, ...EN_GPU_ENGINE, ...EN_HOSTING } as const;

export type StaticMessageId = keyof typeof EN;
