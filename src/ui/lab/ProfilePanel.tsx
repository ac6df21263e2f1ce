import type { BackendAvailability, BackendName } from '../../config/backends';
import type { LabJobState } from '../../engine/protocol/labJobState';
import type { KernelGroup } from '../../engine/protocol/lab';
import { formatBytes, formatPercent } from '../../share/format';
import { useT } from '../i18n/useT';
import { JobControls } from './JobControls';
import { LabFields } from './LabFields';
import { formatMs, modelText } from './labFormat';
import { labSession } from './labSession';
import type { LabPanelProps } from './labPanel';
import { Say } from '../i18n/Say';

const TOP_KERNELS = 10;
/** The panel's setting and test ids (not shown to people). */
const KEYS = ['profileBackend'] as const;
const PREFIX = 'profile';
const TOP_TEST_ID = 'profile-top';
const REST_TEST_ID = 'profile-rest';
/** Bytes a kernel freed are shown with a minus sign. */
const MINUS = '−';

function KernelRows({ groups, offset, testId, bars }: { groups: KernelGroup[]; offset: number; testId: string; bars: boolean }) {
  const t = useT();
  return (
    <table className="lab-table" data-testid={testId}>
      <thead>
        <tr>
          <th>{t('lab.profile.rank')}</th>
          <th className="lab-left">{t('lab.profile.kernel')}</th>
          <th>{t('lab.profile.count')}</th>
          <th>{t('lab.profile.totalTime')}</th>
          <th>{t('lab.profile.share')}</th>
          <th>{t('lab.profile.bytesAdded')}</th>
        </tr>
      </thead>
      <tbody>
        {groups.map((g, i) => (
          <tr key={g.name} data-testid={`${testId}-row-${i + offset}`}>
            <td>{i + offset + 1}</td>
            <th scope="row">{g.name}</th>
            <td>{g.count}</td>
            <td>{g.totalMs === null ? t('lab.profile.unavailable') : formatMs(g.totalMs, t.translator)}</td>
            <td className="lab-share">
              {bars && g.share !== null && <span className="lab-share-bar" style={{ width: `${100 * g.share}%` }} />}
              <span>{g.share === null ? '–' : formatPercent(g.share)}</span>
            </td>
            <td>{g.bytesAdded < 0 ? MINUS + formatBytes(-g.bytesAdded) : formatBytes(g.bytesAdded)}</td>
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
  const t = useT();
  const tr = t.translator;
  const result = job?.profile;
  const start = () => {
    if (settings && backend) run('profile', { ...settings, profileBackend: backend });
  };
  const onCancel = () => labSession.cancel('profile');

  return (
    <section className="panel lab-panel" data-testid="profile-panel">
      <h2>{t('lab.profile.title')}</h2>
      <LabFields keys={KEYS} values={{ ...values, profileBackend: backend ?? values.profileBackend }} backends={backends} />
      <JobControls
        prefix={PREFIX}
        runLabel={t('lab.profile.run')}
        job={job}
        blocked={blocked ?? (backend ? null : t('lab.blocked.noBackend'))}
        onRun={start}
        onCancel={onCancel}
      />
      {result && (
        <>
          <p className="lab-note" data-testid="profile-summary">
            {t('lab.profile.summary', {
              model: modelText(result.modelLabel, tr),
              batch: result.batchSize,
              backend: t.backend(result.backend),
              launches: result.kernelCount,
              kinds: result.kernels.length,
              time: result.totalKernelMs === null ? t('lab.value.unavailableHere') : formatMs(result.totalKernelMs, tr),
              memory: formatBytes(result.peakBytes),
              stepTime: formatMs(result.profiledStepMs, tr),
            })}
          </p>
          <p className="lab-note" data-testid="profile-time-source">
            <Say message={result.kernelTiming.note} />
          </p>
          <h3>{t('lab.profile.top', { count: Math.min(TOP_KERNELS, result.kernels.length) })}</h3>
          <KernelRows groups={result.kernels.slice(0, TOP_KERNELS)} offset={0} testId={TOP_TEST_ID} bars />
          {result.kernels.length > TOP_KERNELS && (
            <details>
              <summary>{t('lab.profile.others', { count: result.kernels.length - TOP_KERNELS })}</summary>
              <KernelRows groups={result.kernels.slice(TOP_KERNELS)} offset={TOP_KERNELS} testId={REST_TEST_ID} bars={false} />
            </details>
          )}
        </>
      )}
    </section>
  );
}
