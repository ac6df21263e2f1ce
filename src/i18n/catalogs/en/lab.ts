/** The Benchmark lab: its panels, jobs, tables and sweep charts. */
export const EN_LAB = {} as const;
