import type { StaticMessageId } from './en';
import { ZH_CN_BOARD } from './zhCN/board';
import { ZH_CN_CHECKS } from './zhCN/checks';
import { ZH_CN_CORE } from './zhCN/core';
import { ZH_CN_ENGINE } from './zhCN/engine';
import { ZH_CN_GAN_INSPECT } from './zhCN/ganInspect';
import { ZH_CN_HOSTING } from './zhCN/hosting';
import { ZH_CN_LAB } from './zhCN/lab';
import { ZH_CN_OWN_DATA } from './zhCN/ownData';
import { ZH_CN_SHARE } from './zhCN/share';
import { ZH_CN_SOFTWARE_GPU } from './zhCN/softwareGpu';
import { ZH_CN_GPU_ENGINE } from './zhCN/gpuEngine';

/** Simplified Chinese for every id of en.ts, area by area; the types make a missing or extra id a compile error. */
export const ZH_CN: Readonly<Record<StaticMessageId, string>> = { ...ZH_CN_CORE, ...ZH_CN_LAB, ...ZH_CN_GAN_INSPECT, ...ZH_CN_SHARE, ...ZH_CN_ENGINE, ...ZH_CN_CHECKS, ...ZH_CN_SOFTWARE_GPU, ...ZH_CN_BOARD, ...ZH_CN_OWN_DATA, ...ZH_CN_GPU_ENGINE, ...ZH_CN_HOSTING };
