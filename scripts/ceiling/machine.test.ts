import { describe, expect, it } from 'vitest';
import { machineFromCpuinfo, machineLine } from './machine';

const AMD = `processor\t: 0\nvendor_id\t: AuthenticAMD\ncpu family\t: 26\nmodel\t\t: 2\nmodel name\t: AMD EPYC\nflags\t\t: fpu sse sse2 ssse3 fma sse4_1 sse4_2 avx f16c avx2 avx512f avx512dq avx512bw avx512vl avx_vnni avx512_bf16 avx512_vnni\n\nprocessor\t: 1\n`;
const ARM = `processor\t: 0\nBogoMIPS\t: 48.00\nFeatures\t: fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp\nCPU implementer\t: 0x41\n`;

describe('the machine a figure came from', () => {
  it('names an x86 CPU with its family and model, and its SIMD extensions in a fixed order', () => {
    const facts = machineFromCpuinfo(AMD, 2);
    expect(facts).toEqual({ cpuModel: 'AMD EPYC (family 26, model 2)', simdFlags: ['sse4_2', 'avx', 'avx2', 'fma', 'avx_vnni', 'avx512f', 'avx512bw', 'avx512vl', 'avx512_vnni', 'avx512_bf16'], cores: 2 });
    expect(machineLine(facts)).toBe('Machine: AMD EPYC (family 26, model 2); SIMD: sse4_2 avx avx2 fma avx_vnni avx512f avx512bw avx512vl avx512_vnni avx512_bf16; 2 logical cores.');
  });

  it('reads an Arm CPU\'s Features line, and says when nothing was recognised', () => {
    expect(machineFromCpuinfo(ARM, 8).simdFlags).toEqual(['asimd', 'asimddp']);
    expect(machineLine({ cpuModel: 'unknown CPU', simdFlags: [], cores: 1 })).toBe('Machine: unknown CPU; SIMD: none of those named; 1 logical core.');
    expect(machineLine({ cpuModel: 'Apple M2', simdFlags: null, cores: 8 })).toContain('SIMD extensions not read on this OS');
  });
});
