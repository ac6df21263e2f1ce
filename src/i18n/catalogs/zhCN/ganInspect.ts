import type { EN_GAN_INSPECT } from '../en/ganInspect';

export const ZH_CN_GAN_INSPECT: Readonly<Record<keyof typeof EN_GAN_INSPECT, string>> = {};
