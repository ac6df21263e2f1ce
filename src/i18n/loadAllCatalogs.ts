/** Every catalog at once, synchronously: for tests and scripts (the page loads a language's catalog when it needs it). */
import { ZH_CN_ALL } from './catalogs/zhCN.all';
import { registerCatalog } from './translator';

registerCatalog('zh-CN', ZH_CN_ALL);
