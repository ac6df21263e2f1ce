import type { EN_SHARE } from '../en/share';

export const ZH_CN_SHARE: Readonly<Record<keyof typeof EN_SHARE, string>> = {};
