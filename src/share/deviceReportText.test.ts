import { describe, expect, it } from 'vitest';
import { HIDDEN } from '../engine/protocol/deviceReport';
import { sampleDeviceReport } from '../engine/protocol/deviceReportFixture';
import { Translator } from '../i18n/translator';
import { formatDeviceReport } from './deviceReportText';

const en = new Translator('en');

const sampleReport = () => sampleDeviceReport();

describe('formatDeviceReport', () => {
  const text = formatDeviceReport(sampleReport(), en);
  const lines = text.split('\n');

  it('writes one labelled line per value, with hidden and not-available values spelled out', () => {
    expect(lines).toContain('  Browser: Chromium');
    expect(lines).toContain('  Browser full version: hidden by the browser');
    expect(lines).toContain('  Fallback (software) adapter: not available (this browser does not report isFallbackAdapter)');
    expect(lines).toContain('  Status: not available (OffscreenCanvas is missing: WebGL cannot be reached from this context (not a browser worker))');
    expect(lines).toContain('    tfjs-backend-webgpu: not available (tfjs-backend-webgpu exports no version string (it ships in step with tfjs-core 4.22.0); it is registered here)');
    expect(lines).toContain('  Cross-origin isolated: no');
    expect(lines).toContain("  WebAssembly threads (the app's kernel pool): 2");
    expect(lines).toContain("  WebAssembly threads (XNNPACK's pool): 2");
  });

  it('lists features, sizes byte limits and prints each flag', () => {
    expect(lines).toContain('  Features (2): float32-filterable, timestamp-query');
    expect(lines).toContain('    maxBufferSize: 268435456 bytes (256 MiB)');
    expect(lines).toContain('    maxComputeWorkgroupStorageSize: 16384 bytes (16 KiB)');
    expect(lines).toContain('    maxComputeWorkgroupSizeX: 256');
    expect(lines).toContain('    WEBGPU_CPU_FORWARD: yes');
    expect(lines).toContain('    WEBGPU_PRINT_SHADER: (empty)');
  });

  it('has a heading per section and no blank or undefined values', () => {
    for (const heading of ['Browser and system', 'WebGPU', 'WebGL', 'TensorFlow.js']) expect(lines).toContain(heading);
    expect(text).not.toMatch(/undefined|null|\[object Object\]|: $/m);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('reports a WebGL section in full when available', () => {
    const report = sampleReport();
    report.webgl = {
      status: 'available',
      context: 'webgl2',
      version: 'WebGL 2.0',
      shadingLanguageVersion: 'WebGL GLSL ES 3.00',
      unmaskedVendor: HIDDEN,
      unmaskedRenderer: 'ANGLE',
      maxTextureSize: 8192,
      extensions: {
        EXT_color_buffer_float: true,
        EXT_color_buffer_half_float: false,
        OES_texture_float_linear: true,
        EXT_float_blend: true,
        EXT_disjoint_timer_query_webgl2: false,
      },
    };
    const webglLines = formatDeviceReport(report, en).split('\n');
    expect(webglLines).toContain('  Status: available (WebGL 2)');
    expect(webglLines).toContain('  Unmasked vendor: hidden by the browser');
    expect(webglLines).toContain('    EXT_disjoint_timer_query_webgl2: no');
  });

  it('writes labels, words and reasons in Chinese with a Chinese translator, names as reported', () => {
    const zh = formatDeviceReport(sampleReport(), new Translator('zh-CN')).split('\n');
    expect(zh[0]).toMatch(/^设备报告（采集于 .+，格式版本 \d+）$/);
    expect(zh).toContain('浏览器与系统');
    expect(zh).toContain('  浏览器: Chromium');
    expect(zh).toContain('  浏览器完整版本: 被浏览器隐藏');
    expect(zh).toContain('  跨源隔离: 否');
    expect(zh).toContain('  状态: 不可用（缺少 OffscreenCanvas：在此上下文中无法使用 WebGL（不是浏览器工作线程））');
    expect(zh).toContain('    maxBufferSize: 268435456 字节（256 MiB）');
    expect(zh).toContain('  限制：');
  });
});
