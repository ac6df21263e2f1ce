import { describe, expect, it } from 'vitest';
import { msg } from '../i18n/message';
import type { BackendAvailability } from './backends';
import { withPageFacts } from './pageFacts';

const refused: BackendAvailability = { name: 'webgl', available: false, reason: msg('engine.backend.webgl.refused') };
const webgpu: BackendAvailability = { name: 'webgpu', available: false, reason: msg('engine.backend.webgpu.missing') };

describe('what the page knows about WebGL', () => {
  it('a WebGL refused in the worker but given to the page says it works only in the page', () => {
    expect(withPageFacts([refused, webgpu], { webgl2InPage: true })).toEqual([{ ...refused, reason: msg('engine.backend.webgl.pageOnly') }, webgpu]);
  });

  it('changes nothing where the page has no WebGL 2 either, or nothing is known, or the worker gave another reason', () => {
    expect(withPageFacts([refused], { webgl2InPage: false })).toEqual([refused]);
    expect(withPageFacts([refused], null)).toEqual([refused]);
    const noCanvas: BackendAvailability = { name: 'webgl', available: false, reason: msg('engine.backend.webgl.noOffscreenCanvas') };
    expect(withPageFacts([noCanvas], { webgl2InPage: true })).toEqual([noCanvas]);
  });
});
