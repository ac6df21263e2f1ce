/** The whole Simplified Chinese catalog, one chunk that the page loads only when it speaks Chinese. */
import { ZH_CN } from './zhCN';
import { ZH_CN_TABLES } from './zhCN.tables';

export const ZH_CN_ALL: Readonly<Record<string, string>> = { ...ZH_CN_TABLES, ...ZH_CN };
