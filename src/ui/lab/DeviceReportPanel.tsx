import { useMemo, useRef, useState } from 'react';
import type { LabJobState } from '../../engine/protocol/labJobState';
import { HIDDEN, type DeviceReport, type NotAvailable } from '../../engine/protocol/deviceReport';
import { formatDeviceReport } from '../../share/deviceReportText';
import { JobControls } from './JobControls';
import { reportedText } from './labFormat';

type Fact = [testId: string, label: string, value: string];

function webGpuFacts(report: DeviceReport): Fact[] {
  const gpu = report.webgpu;
  if (gpu.status === 'not available') return [['device-webgpu-status', 'WebGPU', reportedText(gpu)]];
  return [
    ['device-webgpu-vendor', 'GPU vendor (WebGPU)', reportedText(gpu.vendor)],
    ['device-webgpu-architecture', 'GPU architecture', reportedText(gpu.architecture)],
    ['device-webgpu-device', 'GPU device', reportedText(gpu.device)],
    ['device-webgpu-description', 'GPU description', reportedText(gpu.description)],
    ['device-webgpu-fallback', 'Software (fallback) adapter', reportedText(gpu.isFallbackAdapter)],
    ...Object.entries(gpu.limits).map(([name, value]): Fact => [`device-webgpu-limit-${name}`, name, reportedText(value)]),
  ];
}

function webGlFacts(report: DeviceReport): Fact[] {
  const gl = report.webgl;
  if (gl.status === 'not available') return [['device-webgl-status', 'WebGL', reportedText(gl)]];
  return [
    ['device-webgl-version', 'WebGL version', reportedText(gl.version)],
    ['device-webgl-renderer', 'WebGL renderer (unmasked)', reportedText(gl.unmaskedRenderer)],
    ['device-webgl-vendor', 'WebGL vendor (unmasked)', reportedText(gl.unmaskedVendor)],
    ['device-webgl-max-texture', 'Max texture size', reportedText(gl.maxTextureSize)],
    ...Object.entries(gl.extensions).map(([name, present]): Fact => [`device-webgl-ext-${name}`, name, reportedText(present)]),
  ];
}

function osText({ environment: { os } }: DeviceReport): string {
  const version = os.version === HIDDEN ? '(version hidden by the browser)' : reportedText(os.version);
  return `${reportedText(os.name)} ${version}, ${reportedText(os.architecture)}`;
}

/** A long list (features, flags) in small type across the panel's width. */
function WideList({ testId, title, items }: { testId: string; title: string; items: string[] }) {
  return (
    <div className="lab-wide">
      <h3>{title}</h3>
      <ul data-testid={testId}>
        {items.length ? items.map((item) => <li key={item}>{item}</li>) : <li>none</li>}
      </ul>
    </div>
  );
}

/** A flag as the report has it; "not evaluated" when the report never read it. */
function flagValue(value: string | number | boolean | undefined): string | number | boolean | NotAvailable {
  return value ?? { status: 'not available', reason: 'not evaluated' };
}

function environmentFacts(report: DeviceReport): Fact[] {
  const { environment: env, tfjs } = report;
  const versions = Object.entries(tfjs.versions).map(([name, v]) => `${name} ${typeof v === 'string' ? v : '(no version string)'}`);
  return [
    ['device-browser', 'Browser', `${reportedText(env.browser.name)} ${reportedText(env.browser.majorVersion)}`],
    ['device-os', 'Operating system', osText(report)],
    ['device-cores', 'Logical CPU cores', reportedText(env.hardwareConcurrency)],
    ['device-isolated', 'Cross-origin isolated (needed for WebAssembly threads)', reportedText(env.crossOriginIsolated)],
    ['device-wasm-threads', 'WebAssembly threads', reportedText(tfjs.wasmThreads)],
    ['device-wasm-simd', 'WebAssembly SIMD', reportedText(flagValue(tfjs.flags.WASM_HAS_SIMD_SUPPORT))],
    ['device-tfjs-version', 'TensorFlow.js', reportedText(tfjs.versions['tfjs-core'])],
    ['device-tfjs-versions', 'Packages', versions.join(', ')],
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
  const [copyStatus, setCopyStatus] = useState('');
  const textRef = useRef<HTMLPreElement>(null);
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const report = job?.deviceReport?.report;
  const text = useMemo(() => (report ? formatDeviceReport(report) : ''), [report]);
  const result = report ? { report, text } : null;

  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.text);
      setCopyStatus('Copied to the clipboard.');
    } catch {
      if (detailsRef.current) detailsRef.current.open = true;
      const pre = textRef.current;
      if (pre) window.getSelection()?.selectAllChildren(pre);
      setCopyStatus('The browser refused the clipboard: the text below is selected, press Ctrl+C (⌘C) to copy it.');
    }
  };

  return (
    <section className="panel lab-panel" data-testid="device-report">
      <h2>Device report</h2>
      <JobControls prefix="device" runLabel="Read the device again" job={job} blocked={null} onRun={onRefresh} onCancel={onCancel} />
      {result && (
        <>
          <div className="lab-fact-columns">
            <FactList title="GPU (WebGPU adapter)" facts={webGpuFacts(result.report)} />
            <FactList title="WebGL" facts={webGlFacts(result.report)} />
            <FactList title="Browser and library" facts={environmentFacts(result.report)} />
          </div>
          {result.report.webgpu.status === 'available' && (
            <WideList testId="device-webgpu-features" title={`WebGPU features (${result.report.webgpu.features.length})`} items={result.report.webgpu.features} />
          )}
          <WideList
            testId="device-flags"
            title="TensorFlow.js flags in force"
            items={Object.entries(result.report.tfjs.flags).map(([name, value]) => `${name} = ${reportedText(value)}`)}
          />
          <div className="controls">
            <button data-testid="btn-device-copy" onClick={() => void copy()}>
              Copy as text
            </button>
            <span data-testid="device-copy-status">{copyStatus}</span>
          </div>
          <details ref={detailsRef}>
            <summary>The whole report as text</summary>
            <pre className="lab-report-text" data-testid="device-report-text" ref={textRef}>
              {result.text}
            </pre>
          </details>
        </>
      )}
    </section>
  );
}
