/** The time table `npm test` ends with (scripts/runTests.ts). */

export interface StepTime {
  name: string;
  seconds: number;
}

/** A Markdown table of each step's seconds and the total; a failed run names the step it stopped at. */
export function formatStepTimes(times: StepTime[], failed: string | null): string {
  const total = times.reduce((sum, t) => sum + t.seconds, 0);
  const rows = times.map((t) => `| ${t.name}${t.name === failed ? ' (failed)' : ''} | ${t.seconds.toFixed(1)} |`);
  const head = failed ? `npm test failed at ${failed}: step times` : 'npm test passed: step times';
  return [head, '', '| step | s |', '|---|---:|', ...rows, `| total | ${total.toFixed(1)} |`].join('\n');
}
