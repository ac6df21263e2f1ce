import { useMemo } from 'react';
import { curvesToCsv, rowsToCsv } from '../../share/csv';
import { sharedResultToJson, type SharedResult } from '../../share/resultDoc';
import { comparisonRowsCsv, comparisonStepsCsv, comparisonToJson, type Labelled } from '../../share/comparison';
import { ComparisonTable } from './ComparisonTable';
import { CurveCharts } from './CurveCharts';
import { DeviceDetails } from './DeviceDetails';
import { ExportButtons } from './ExportButtons';
import { ShareButton } from './ShareButton';
import { deviceLine, fileStem, formatDate } from '../../share/resultSummary';
import { ResultTable } from './ResultTable';
import { ResultSoftwareNote } from './ResultSoftwareNote';
import { ResultEngineGap } from './ResultEngineGap';
import { useT } from '../i18n/useT';

/** A comparison's export files end so (a file name, not shown as text). */
const COMPARISON_SUFFIX = 'comparison';

/** One result: its table, curves, device report, exports (and a Share button where it makes sense). */
export function ResultView({ label, result, testIdPrefix, shareable = false }: { label: string; result: SharedResult; testIdPrefix: string; shareable?: boolean }) {
  const t = useT();
  const labelled = useMemo<Labelled>(() => ({ label, result }), [label, result]);
  return (
    <div className="share-result" data-testid={`${testIdPrefix}-result`}>
      <ResultSoftwareNote label={label} result={result} testId={`${testIdPrefix}-software-gpu-note`} />
      <ResultTable result={result} testIdPrefix={testIdPrefix} />
      <ResultEngineGap result={result} testId={`${testIdPrefix}-engine-gap`} />
      <CurveCharts a={labelled} testIdPrefix={testIdPrefix} />
      <DeviceDetails result={result} title={t('share.device.title', { label })} testId={`${testIdPrefix}-device-details`} />
      <ExportButtons
        stem={fileStem(result)}
        json={() => sharedResultToJson(result)}
        rowsCsv={() => rowsToCsv(result.rows, t.translator)}
        stepsCsv={() => curvesToCsv(result.curves, t.translator)}
        testIdPrefix={`${testIdPrefix}-export`}
      />
      {shareable && <ShareButton result={result} />}
    </div>
  );
}

/** Two results side by side: figures and ratio per backend, curves overlaid (B dashed), both devices. */
export function ComparisonView({ a, b, testIdPrefix }: { a: Labelled; b: Labelled; testIdPrefix: string }) {
  const t = useT();
  const device = (side: Labelled) => t('share.result.deviceDate', { device: deviceLine(side.result.device, t.translator), date: formatDate(side.result.createdAt, t.translator) });
  return (
    <div className="share-result" data-testid={`${testIdPrefix}-comparison`}>
      <ul className="share-devices">
        <li data-testid={`${testIdPrefix}-device-a`}>
          <strong>{t('share.result.side', { side: a.label })}</strong> {device(a)}
        </li>
        <li data-testid={`${testIdPrefix}-device-b`}>
          <strong>{t('share.result.side', { side: b.label })}</strong> {device(b)}
        </li>
      </ul>
      <ResultSoftwareNote label={a.label} result={a.result} testId={`${testIdPrefix}-software-gpu-note-a`} />
      <ResultSoftwareNote label={b.label} result={b.result} testId={`${testIdPrefix}-software-gpu-note-b`} />
      <ComparisonTable a={a} b={b} testIdPrefix={`${testIdPrefix}-compare`} />
      <CurveCharts a={a} b={b} testIdPrefix={testIdPrefix} />
      <DeviceDetails result={a.result} title={t('share.device.title', { label: a.label })} testId={`${testIdPrefix}-device-details-a`} />
      <DeviceDetails result={b.result} title={t('share.device.title', { label: b.label })} testId={`${testIdPrefix}-device-details-b`} />
      <ExportButtons
        stem={fileStem(b.result, COMPARISON_SUFFIX)}
        json={() => comparisonToJson(a, b)}
        rowsCsv={() => comparisonRowsCsv(a, b, t.translator)}
        stepsCsv={() => comparisonStepsCsv(a, b, t.translator)}
        testIdPrefix={`${testIdPrefix}-export`}
      />
    </div>
  );
}
