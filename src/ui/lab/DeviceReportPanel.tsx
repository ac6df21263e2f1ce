import { useMemo, useRef, useState, type ReactNode } from 'react';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { HIDDEN, notAvailable, type DeviceReport, type NotAvailable } from '../../engine/protocol/deviceReport';
import { msg } from '../../i18n/message';
import type { Translator } from '../../i18n/translator';
import { formatDeviceReport } from '../../share/deviceReportText';
import { isolationNote } from '../../share/isolation';
import { isolationState } from '../hosting/isolationGate';
import { Data, Say } from '../i18n/Say';
import { useT, type T } from '../i18n/useT';
import { JobControls } from './JobControls';
import { reportedText } from './labFormat';

type Fact = [testId: string, label: string, value: ReactNode];
type ReportedValue = string | number | boolean | NotAvailable | null | undefined;

/** A reported value: the app's words (yes, not available…) in the page's language, what the browser or library reported marked as data. */
function reported(value: ReportedValue, t: Translator): ReactNode {
  const text = reportedText(value, t);
  return (typeof value === 'string' && value !== '' && value !== HIDDEN) || typeof value === 'number' ? <Data>{text}</Data> : text;
}

/** Test ids of the job controls and the two long lists (not shown to people). */
const PREFIX = 'device';
const FEATURES_TEST_ID = 'device-webgpu-features';
const FLAGS_TEST_ID = 'device-flags';

function webGpuFacts(report: DeviceReport, t: Translator): Fact[] {
  const gpu = report.webgpu;
  if (gpu.status === 'not available') return [['device-webgpu-status', t.t('lab.device.webgpu'), reported(gpu, t)]];
  return [
    ['device-webgpu-vendor', t.t('lab.device.gpuVendor'), reported(gpu.vendor, t)],
    ['device-webgpu-architecture', t.t('lab.device.gpuArchitecture'), reported(gpu.architecture, t)],
    ['device-webgpu-device', t.t('lab.device.gpuDevice'), reported(gpu.device, t)],
    ['device-webgpu-description', t.t('lab.device.gpuDescription'), reported(gpu.description, t)],
    ['device-webgpu-fallback', t.t('lab.device.softwareAdapter'), reported(gpu.isFallbackAdapter, t)],
    ...Object.entries(gpu.limits).map(([name, value]): Fact => [`device-webgpu-limit-${name}`, name, reported(value, t)]),
  ];
}

function webGlFacts(report: DeviceReport, t: Translator): Fact[] {
  const gl = report.webgl;
  if (gl.status === 'not available') return [['device-webgl-status', t.t('lab.device.webgl'), reported(gl, t)]];
  return [
    ['device-webgl-version', t.t('lab.device.webglVersion'), reported(gl.version, t)],
    ['device-webgl-renderer', t.t('lab.device.webglRenderer'), reported(gl.unmaskedRenderer, t)],
    ['device-webgl-vendor', t.t('lab.device.webglVendor'), reported(gl.unmaskedVendor, t)],
    ['device-webgl-max-texture', t.t('lab.device.maxTexture'), reported(gl.maxTextureSize, t)],
    ...Object.entries(gl.extensions).map(([name, present]): Fact => [`device-webgl-ext-${name}`, name, reported(present, t)]),
  ];
}

function osText({ environment: { os } }: DeviceReport, t: T): ReactNode {
  const tr = t.translator;
  const version = os.version === HIDDEN ? t('lab.device.osVersionHidden') : reported(os.version, tr);
  return t.rich('lab.device.osValue', { name: reported(os.name, tr), version, architecture: reported(os.architecture, tr) });
}

/** A long list (features, flags) in small type across the panel's width. */
function WideList({ testId, title, items }: { testId: string; title: string; items: ReactNode[] }) {
  const t = useT();
  return (
    <div className="lab-wide">
      <h3>{title}</h3>
      <ul data-testid={testId}>
        {items.length ? items.map((item, i) => <li key={i}>{item}</li>) : <li>{t('lab.value.none')}</li>}
      </ul>
    </div>
  );
}

/** A flag as the report has it; "not evaluated" when the report never read it. */
function flagValue(value: string | number | boolean | undefined): string | number | boolean | NotAvailable {
  return value ?? notAvailable(msg('lab.device.notEvaluated'));
}

/** Whose kernels train on WebAssembly (reports made before the app had its own say nothing). */
function wasmKernelsText(kernels: DeviceReport['tfjs']['wasmKernels'], t: Translator): ReactNode {
  if (kernels === undefined) return t.t('lab.device.wasmKernelsUnknown');
  return typeof kernels === 'string' ? t.t(kernels === 'relaxed' ? 'lab.device.wasmKernelsRelaxed' : 'lab.device.wasmKernelsPlain') : reported(kernels, t);
}

function environmentFacts(report: DeviceReport, page: T): Fact[] {
  const t = page.translator;
  const { environment: env, tfjs } = report;
  const versions = Object.entries(tfjs.versions).map(([name, v]) => (typeof v === 'string' ? `${name} ${v}` : `${name} ${t.t('lab.device.noVersion')}`));
  return [
    ['device-browser', t.t('lab.device.browser'), page.rich('lab.device.browserValue', { name: reported(env.browser.name, t), version: reported(env.browser.majorVersion, t) })],
    ['device-os', t.t('lab.device.os'), osText(report, page)],
    ['device-cores', t.t('lab.device.cores'), reported(env.hardwareConcurrency, t)],
    ['device-isolated', t.t('lab.device.isolated'), reported(env.crossOriginIsolated, t)],
    // How this page was isolated, or why not and the fix: the page's own fact, not part of a shared report.
    ['device-isolation-how', t.t('hosting.isolation.label'), <Say message={isolationNote(isolationState())} />],
    ['device-wasm-threads', t.t('lab.device.wasmThreads'), reported(tfjs.wasmThreads, t)],
    ['device-xnnpack-threads', t.t('lab.device.xnnpackThreads'), tfjs.xnnpackThreads === undefined ? t.t('lab.device.wasmKernelsUnknown') : reported(tfjs.xnnpackThreads, t)],
    ['device-wasm-simd', t.t('lab.device.wasmSimd'), reported(flagValue(tfjs.flags.WASM_HAS_SIMD_SUPPORT), t)],
    ['device-wasm-kernels', t.t('lab.device.wasmKernels'), wasmKernelsText(tfjs.wasmKernels, t)],
    ['device-tfjs-version', t.t('lab.device.tfjs'), reported(tfjs.versions['tfjs-core'], t)],
    // Package names and versions are what the library reports: data, named in no language.
    ['device-tfjs-versions', t.t('lab.device.packages'), <Data>{versions.join(', ')}</Data>],
  ];
}

function FactList({ title, facts }: { title: string; facts: Fact[] }) {
  return (
    <div className="lab-facts">
      <h3>{title}</h3>
      <dl>
        {facts.map(([testId, label, value]) => (
          <div key={testId} className="lab-fact">
            <dt>{label}</dt>
            <dd data-testid={testId}>{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

interface Props {
  job: LabJobState | undefined;
  onRefresh(): void;
  onCancel(): void;
}

/** "Is my GPU visible and set up right": adapter, WebGL, browser, library versions and flags; copyable as text. */
export function DeviceReportPanel({ job, onRefresh, onCancel }: Props) {
  const t = useT();
  const tr = t.translator;
  const [copyStatus, setCopyStatus] = useState('');
  const textRef = useRef<HTMLPreElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const report = job?.deviceReport?.report;
  const text = useMemo(() => (report ? formatDeviceReport(report, tr) : ''), [report, tr]);
  const result = report ? { report, text } : null;

  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.text);
      setCopyStatus(t('lab.device.copied'));
    } catch {
      if (detailsRef.current) detailsRef.current.open = true;
      const pre = textRef.current;
      if (pre) window.getSelection()?.selectAllChildren(pre);
      setCopyStatus(t('lab.device.copyRefused'));
    }
  };

  return (
    <section className="panel lab-panel" data-testid="device-report">
      <h2>{t('lab.device.title')}</h2>
      <JobControls prefix={PREFIX} runLabel={t('lab.device.refresh')} job={job} blocked={null} onRun={onRefresh} onCancel={onCancel} />
      {result && (
        <>
          <div className="lab-fact-columns">
            <FactList title={t('lab.device.gpuFacts')} facts={webGpuFacts(result.report, tr)} />
            <FactList title={t('lab.device.webglFacts')} facts={webGlFacts(result.report, tr)} />
            <FactList title={t('lab.device.environmentFacts')} facts={environmentFacts(result.report, t)} />
          </div>
          {result.report.webgpu.status === 'available' && (
            <WideList
              testId={FEATURES_TEST_ID}
              title={t('lab.device.webgpuFeatures', { count: result.report.webgpu.features.length })}
              items={result.report.webgpu.features.map((feature) => <Data key={feature}>{feature}</Data>)}
            />
          )}
          <WideList
            testId={FLAGS_TEST_ID}
            title={t('lab.device.flags')}
            items={Object.entries(result.report.tfjs.flags).map(([name, value]) => (
              <>
                <Data>{name}</Data> = {reported(value, tr)}
              </>
            ))}
          />
          <div className="controls">
            <button data-testid="btn-device-copy" onClick={() => void copy()}>
              {t('lab.device.copy')}
            </button>
            <span data-testid="device-copy-status">{copyStatus}</span>
          </div>
          <details ref={detailsRef}>
            <summary>{t('lab.device.wholeText')}</summary>
            <pre className="lab-report-text" data-testid="device-report-text" ref={textRef}>
              {result.text}
            </pre>
          </details>
        </>
      )}
    </section>
  );
}
