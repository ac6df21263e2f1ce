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

/** One result: its table, curves, device report, exports (and a Share button where it makes sense). */
export function ResultView({ label, result, testIdPrefix, shareable = false }: { label: string; result: SharedResult; testIdPrefix: string; shareable?: boolean }) {
  const labelled = useMemo<Labelled>(() => ({ label, result }), [label, result]);
  return (
    <div className="share-result" data-testid={`${testIdPrefix}-result`}>
      <ResultTable result={result} testIdPrefix={testIdPrefix} />
      <CurveCharts a={labelled} testIdPrefix={testIdPrefix} />
      <DeviceDetails result={result} title={`Device report and library versions (${label})`} testId={`${testIdPrefix}-device-details`} />
      <ExportButtons
        stem={fileStem(result)}
        json={() => sharedResultToJson(result)}
        rowsCsv={() => rowsToCsv(result.rows)}
        stepsCsv={() => curvesToCsv(result.curves)}
        testIdPrefix={`${testIdPrefix}-export`}
      />
      {shareable && <ShareButton result={result} />}
    </div>
  );
}

/** Two results side by side: figures and ratio per backend, curves overlaid (B dashed), both devices. */
export function ComparisonView({ a, b, testIdPrefix }: { a: Labelled; b: Labelled; testIdPrefix: string }) {
  return (
    <div className="share-result" data-testid={`${testIdPrefix}-comparison`}>
      <ul className="share-devices">
        <li data-testid={`${testIdPrefix}-device-a`}>
          <strong>{a.label}:</strong> {deviceLine(a.result.device)}, {formatDate(a.result.createdAt)}
        </li>
        <li data-testid={`${testIdPrefix}-device-b`}>
          <strong>{b.label}:</strong> {deviceLine(b.result.device)}, {formatDate(b.result.createdAt)}
        </li>
      </ul>
      <ComparisonTable a={a} b={b} testIdPrefix={`${testIdPrefix}-compare`} />
      <CurveCharts a={a} b={b} testIdPrefix={testIdPrefix} />
      <DeviceDetails result={a.result} title={`Device report and library versions (${a.label})`} testId={`${testIdPrefix}-device-details-a`} />
      <DeviceDetails result={b.result} title={`Device report and library versions (${b.label})`} testId={`${testIdPrefix}-device-details-b`} />
      <ExportButtons
        stem={fileStem(b.result, 'comparison')}
        json={() => comparisonToJson(a, b)}
        rowsCsv={() => comparisonRowsCsv(a, b)}
        stepsCsv={() => comparisonStepsCsv(a, b)}
        testIdPrefix={`${testIdPrefix}-export`}
      />
    </div>
  );
}
