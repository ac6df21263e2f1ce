/**
 * The named groups a form folds its less-used settings into; a form shows the settings of no group
 * first. A table field names its group (`group` in src/config/schema.ts); each group's name on the
 * page is the catalog's `group.<id>`.
 */
export const SETTING_GROUPS = ['training', 'pipeline', 'timing'] as const;
export type SettingGroup = (typeof SETTING_GROUPS)[number];
