import type { EN_LAB } from '../en/lab';

export const ZH_CN_LAB: Readonly<Record<keyof typeof EN_LAB, string>> = {};
