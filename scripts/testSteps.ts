/** The time table `npm test` ends with (scripts/runTests.ts). */

export interface StepTime {
  name: string;
  seconds: number;
}

/**
 * A Markdown table of each step's seconds and the wall-clock total (less than their sum where steps ran side
 * by side); a failed run names the steps that failed.
 */
export function formatStepTimes(times: StepTime[], failed: string[], totalSeconds: number): string {
  const rows = times.map((t) => `| ${t.name}${failed.includes(t.name) ? ' (failed)' : ''} | ${t.seconds.toFixed(1)} |`);
  const head = failed.length ? `npm test failed at ${failed.join(', ')}: step times` : 'npm test passed: step times';
  return [head, '', '| step | s |', '|---|---:|', ...rows, `| total (wall clock) | ${totalSeconds.toFixed(1)} |`].join('\n');
}
