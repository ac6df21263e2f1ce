/**
 * Compiles the app's WebAssembly kernels (wasm/kernels, AssemblyScript) into the four binaries the
 * engine picks from (src/engine/backends/simd/binaries.ts): plain or relaxed SIMD (fused multiply-add
 * where the engine has it) x unshared or shared memory (threads). Skips the build when the sources,
 * the compiler and the flags are those of the last build. Run by `npm run data` (and so by `npm start`,
 * `npm test` and `npm run build`), or alone: `npx tsx scripts/buildKernels.ts`.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { KERNEL_VARIANTS, kernelFileName, type KernelVariant } from '../src/engine/backends/simd/variants';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIR = path.join(ROOT, 'wasm', 'kernels');
const ENTRY = path.join(SOURCE_DIR, 'index.ts');
export const KERNEL_BUILD_DIR = path.join(ROOT, 'src', 'engine', 'backends', 'simd', 'build');
const STAMP = path.join(KERNEL_BUILD_DIR, 'stamp.json');
/**
 * AssemblyScript's compiler, run in a plain Node process for every variant at once: imported under tsx (as
 * `npm run data` runs this file), its 13.5 MB binaryen module takes 26 s to load, against 1.2 s under Node.
 * argv[1]: a JSON list of [name, asc arguments]; a failure prints the variant's name and asc's own output.
 */
const COMPILER = `
const { default: asc } = await import('assemblyscript/asc');
for (const [name, args] of JSON.parse(process.argv[1])) {
  const stderr = asc.createMemoryStream();
  const { error } = await asc.main(args, { stderr, stdout: asc.createMemoryStream() });
  if (error) {
    process.stderr.write(name + ': ' + error.message + '\\n' + stderr.toString());
    process.exit(1);
  }
}`;

/** 4 GiB in 64 KiB pages: a shared memory import must declare a maximum, and any memory up to it fits. */
const MAX_PAGES = 65536;

function flags(variant: KernelVariant): string[] {
  const features = ['simd', 'threads', ...(variant.simd === 'relaxed' ? ['relaxed-simd'] : [])];
  return [
    '-O3', '--noAssert', '--runtime', 'stub', '--importMemory', '--noExportMemory',
    '--enable', features.join(','),
    ...(variant.memory === 'shared' ? ['--sharedMemory', '--maximumMemory', String(MAX_PAGES)] : []),
  ];
}

async function sourceHash(): Promise<string> {
  const hash = createHash('sha256');
  const require = createRequire(import.meta.url);
  hash.update(JSON.parse(await readFile(require.resolve('assemblyscript/package.json'), 'utf8')).version);
  for (const variant of KERNEL_VARIANTS) hash.update(flags(variant).join(' '));
  for (const file of (await readdir(SOURCE_DIR)).sort()) hash.update(file).update(await readFile(path.join(SOURCE_DIR, file)));
  return hash.digest('hex');
}

/** Reads an unsigned LEB128 number at `at`; returns it and the offset after it. */
function leb(bytes: Uint8Array, at: number): [number, number] {
  let value = 0;
  for (let shift = 0; ; shift += 7) {
    const byte = bytes[at++];
    value += (byte & 0x7f) * 2 ** shift;
    if (byte < 0x80) return [value, at];
  }
}

/**
 * Fails unless the binary's one import is the memory and it has no start function and no data
 * segments: instantiating it must not write a byte of the backend's memory. Reads the sections
 * (not WebAssembly.Module: Node may lack relaxed SIMD).
 */
export function assertNoStaticData(binary: Uint8Array, name: string): void {
  const SECTION = { import: 2, start: 8, data: 11 };
  let at = 8;
  while (at < binary.length) {
    const id = binary[at++];
    const [size, body] = leb(binary, at);
    if (id === SECTION.start) throw new Error(`${name}: has a start function`);
    if (id === SECTION.data && leb(binary, body)[0] > 0) throw new Error(`${name}: has data segments; they would overwrite the backend's memory`);
    if (id === SECTION.import) {
      const [count, first] = leb(binary, body);
      const [moduleLength, moduleAt] = leb(binary, first);
      const [fieldLength, fieldAt] = leb(binary, moduleAt + moduleLength);
      const kind = binary[fieldAt + fieldLength];
      if (count !== 1 || kind !== 2) throw new Error(`${name}: must import exactly one thing, the memory`);
    }
    at = body + size;
  }
}

export async function buildKernels(log: (line: string) => void = console.log): Promise<void> {
  const hash = await sourceHash();
  const stamp: { hash?: string } = await readFile(STAMP, 'utf8').then((text) => JSON.parse(text) as { hash?: string }, () => ({}));
  if (stamp.hash === hash) {
    log('kernels: up to date');
    return;
  }
  const started = performance.now();
  await mkdir(KERNEL_BUILD_DIR, { recursive: true });
  const jobs = KERNEL_VARIANTS.map((variant) => {
    const name = kernelFileName(variant);
    const out = path.join(KERNEL_BUILD_DIR, name);
    return { name, out, args: [path.relative(ROOT, ENTRY), '-o', `${path.relative(ROOT, out)}.tmp`, ...flags(variant)] };
  });
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', COMPILER, JSON.stringify(jobs.map((j) => [j.name, j.args]))], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const { stderr, message } = err as { stderr?: string; message: string };
    throw new Error(`AssemblyScript could not build the kernels: ${stderr?.trim() || message}`);
  }
  for (const { name, out } of jobs) {
    assertNoStaticData(await readFile(`${out}.tmp`), name);
    await rename(`${out}.tmp`, out);
  }
  await writeFile(STAMP, JSON.stringify({ hash }));
  log(`kernels: built ${KERNEL_VARIANTS.length} WebAssembly binaries in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildKernels();
}
