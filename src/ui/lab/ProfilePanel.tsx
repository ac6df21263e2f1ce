import { BACKEND_LABELS, type BackendAvailability, type BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import type { KernelGroup } from '../../engine/protocol/lab';
import { formatBytes, formatPercent } from '../../share/format';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { formatMs } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';

const TOP_KERNELS = 10;

function KernelRows({ groups, offset, testId, bars }: { groups: KernelGroup[]; offset: number; testId: string; bars: boolean }) {
  return (
    <table className="lab-table" data-testid={testId}>
      <thead>
        <tr>
          <th>#</th>
          <th className="lab-left">Kernel</th>
          <th>Count</th>
          <th>Total time</th>
          <th>Share of step</th>
          <th>Bytes added</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g, i) => (
          <tr key={g.name} data-testid={`${testId}-row-${i + offset}`}>
            <td>{i + offset + 1}</td>
            <th scope="row">{g.name}</th>
            <td>{g.count}</td>
            <td>{g.totalMs === null ? 'unavailable' : formatMs(g.totalMs)}</td>
            <td className="lab-share">
              {bars && g.share !== null && <span className="lab-share-bar" style={{ width: `${100 * g.share}%` }} />}
              <span>{g.share === null ? '–' : formatPercent(g.share)}</span>
            </td>
            <td>{`${g.bytesAdded < 0 ? '−' : ''}${formatBytes(Math.abs(g.bytesAdded))}`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

interface Props extends LabPanelProps {
  job: LabJobState | undefined;
  /** The backend it will profile: the chosen one, or the first this browser has. */
  backend: BackendName | null;
  backends: BackendAvailability[] | null;
}

/** tf.profile of one training step after the warm-up: which kernels the step is made of and where its time goes. */
export function ProfilePanel({ job, settings, values, blocked, run, backend, backends }: Props) {
  const result = job?.profile;
  const start = () => {
    if (settings && backend) run('profile', { ...settings, profileBackend: backend });
  };

  return (
    <section className="panel lab-panel" data-testid="profile-panel">
      <h2>Kernel profile of one training step</h2>
      <LabFields keys={['profileBackend']} values={{ ...values, profileBackend: backend ?? values.profileBackend }} backends={backends} />
      <JobControls prefix="profile" runLabel="Profile a step" job={job} blocked={blocked ?? (backend ? null : 'No backend available')} onRun={start} onCancel={() => labSession.cancel('profile')} />
      {result && (
        <>
          <p className="lab-note" data-testid="profile-summary">
            {result.modelLabel}, batch {result.batchSize} on {BACKEND_LABELS[result.backend]}: {result.kernelCount} kernel launches in {result.kernels.length} kinds,
            summed kernel time {result.totalKernelMs === null ? 'unavailable on this device' : formatMs(result.totalKernelMs)}, peak tensor memory {formatBytes(result.peakBytes)}.
            Profiling slows the step ({formatMs(result.profiledStepMs)} here), so profiled runs are never used for throughput figures.
          </p>
          <p className="lab-note" data-testid="profile-time-source">
            {result.kernelTiming.note}
          </p>
          <h3>Top {Math.min(TOP_KERNELS, result.kernels.length)} kernels</h3>
          <KernelRows groups={result.kernels.slice(0, TOP_KERNELS)} offset={0} testId="profile-top" bars />
          {result.kernels.length > TOP_KERNELS && (
            <details>
              <summary>The other {result.kernels.length - TOP_KERNELS} kernels</summary>
              <KernelRows groups={result.kernels.slice(TOP_KERNELS)} offset={TOP_KERNELS} testId="profile-rest" bars={false} />
            </details>
          )}
        </>
      )}
    </section>
  );
}
