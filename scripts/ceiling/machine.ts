/**
 * The machine a CPU figure came from: CPU model (with its family and model numbers, since a virtual
 * machine often names only the vendor's line), the SIMD extensions that decide what native code can use,
 * and the logical cores. Every ceiling and kernels table opens with it.
 */
import { readFileSync } from 'node:fs';
import os from 'node:os';

/** The SIMD extensions worth naming, in the order a reader compares them (x86, then Arm). */
const SIMD_FLAGS = ['sse4_2', 'avx', 'avx2', 'fma', 'avx_vnni', 'avx512f', 'avx512bw', 'avx512vl', 'avx512_vnni', 'avx512_bf16', 'avx512_fp16', 'amx_tile', 'asimd', 'asimddp', 'sve', 'sve2'] as const;

export interface MachineFacts {
  cpuModel: string;
  /** The SIMD extensions of SIMD_FLAGS this CPU reports; null where they could not be read. */
  simdFlags: string[] | null;
  /** Logical cores this process may use. */
  cores: number;
}

/** The first value of `key` in /proc/cpuinfo text. */
function field(cpuinfo: string, key: string): string | null {
  const match = new RegExp(`^${key}\\s*:\\s*(.*)$`, 'm').exec(cpuinfo);
  return match ? match[1].trim() : null;
}

/** Facts from Linux's /proc/cpuinfo (x86 "flags", Arm "Features"). */
export function machineFromCpuinfo(cpuinfo: string, cores: number): MachineFacts {
  const name = field(cpuinfo, 'model name') ?? field(cpuinfo, 'Model') ?? field(cpuinfo, 'Hardware') ?? 'unknown CPU';
  const family = field(cpuinfo, 'cpu family');
  const model = field(cpuinfo, 'model');
  const numbers = family !== null && model !== null ? ` (family ${family}, model ${model})` : '';
  const flags = new Set((field(cpuinfo, 'flags') ?? field(cpuinfo, 'Features') ?? '').split(/\s+/));
  return { cpuModel: `${name}${numbers}`, simdFlags: SIMD_FLAGS.filter((f) => flags.has(f)), cores };
}

/** This machine: /proc/cpuinfo where there is one, else Node's CPU name without flags. */
export function thisMachine(): MachineFacts {
  const cores = os.availableParallelism();
  try {
    return machineFromCpuinfo(readFileSync('/proc/cpuinfo', 'utf8'), cores);
  } catch {
    return { cpuModel: os.cpus()[0]?.model ?? 'unknown CPU', simdFlags: null, cores };
  }
}

/** One line for a table's heading. */
export function machineLine(facts: MachineFacts): string {
  const flags = facts.simdFlags === null ? 'SIMD extensions not read on this OS' : `SIMD: ${facts.simdFlags.join(' ') || 'none of those named'}`;
  return `Machine: ${facts.cpuModel}; ${flags}; ${facts.cores} logical core${facts.cores === 1 ? '' : 's'}.`;
}
