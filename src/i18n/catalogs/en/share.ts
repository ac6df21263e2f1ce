/** Share, History, result views, lessons UI, and the pure share documents (announcements, row names, summaries, CSV headers). */
export const EN_SHARE = {} as const;
