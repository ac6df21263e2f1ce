/**
 * Which Python the export check runs, and so which route it takes. TensorFlow where it can be had: the given
 * Python if it imports tensorflow, else an ignored virtual environment `.venv-export` (made once and reused)
 * with `tensorflow-cpu` and `tensorboard` from pip as this machine has it configured (a local mirror here, the
 * public index for a normal user). Only where pip cannot install them does the check fall back to NumPy.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
export const VENV = path.resolve('.venv-export');
const VENV_PYTHON = path.join(VENV, 'bin', 'python');
const PACKAGES = ['tensorflow-cpu', 'tensorboard'];
/** Without these two flags pip spends minutes retrying an index it cannot reach. */
const PIP_FLAGS = ['--retries', '0', '--timeout', '5', '--disable-pip-version-check', '-q'];
const IMPORT_MS = 120_000;
const INSTALL_MS = 900_000;

export interface PythonChoice {
  python: string;
  tensorflow: boolean;
  /** What was done to get it, for the check's output. */
  said: string;
}

async function imports(python: string, modules: string): Promise<boolean> {
  try {
    await run(python, ['-c', `import ${modules}`], { timeout: IMPORT_MS });
    return true;
  } catch {
    return false;
  }
}

/** `python` if it has TensorFlow; else the reused or newly made venv; else `python` for the NumPy route, with why. */
export async function pythonForExport(python: string, install: boolean): Promise<PythonChoice> {
  if (await imports(python, 'tensorflow')) return { python, tensorflow: true, said: `${python} imports tensorflow` };
  if (existsSync(VENV_PYTHON) && (await imports(VENV_PYTHON, 'tensorflow, tensorboard'))) return { python: VENV_PYTHON, tensorflow: true, said: `reused ${VENV}` };
  if (!install) return { python, tensorflow: false, said: `${python} has no tensorflow, and installing it was turned off (--no-install)` };
  console.log(`Installing ${PACKAGES.join(' and ')} into ${VENV} with pip (once; later runs reuse it)…`);
  const started = performance.now();
  try {
    if (!existsSync(VENV_PYTHON)) await run(python, ['-m', 'venv', VENV], { timeout: IMPORT_MS });
    await run(VENV_PYTHON, ['-m', 'pip', 'install', ...PIP_FLAGS, ...PACKAGES], { timeout: INSTALL_MS, maxBuffer: 64 * 1024 * 1024 });
    if (!(await imports(VENV_PYTHON, 'tensorflow, tensorboard'))) throw new Error('pip finished, but tensorflow or tensorboard does not import');
    return { python: VENV_PYTHON, tensorflow: true, said: `installed into ${VENV} in ${((performance.now() - started) / 1000).toFixed(0)} s` };
  } catch (err) {
    const why = (err as Error).message.split('\n').filter(Boolean).slice(-3).join(' ');
    return { python, tensorflow: false, said: `pip could not install ${PACKAGES.join(' and ')} (${why})` };
  }
}
