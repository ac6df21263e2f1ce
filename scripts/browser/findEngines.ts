/**
 * Firefox and WebKit for the engines' journeys (e2e/engines): what is missing, and how `npm test` provides it, the
 * way findBrowser.ts does for Chromium: Debian's packages by apt where it runs as root on Debian, else one sentence
 * with the command to run. Pure: the machine comes in as facts, so each branch is unit-tested (findEngines.test.ts).
 */

/** Debian's Firefox ESR (`apt-get install firefox-esr`); FIREFOX_PATH names another Firefox. */
export const FIREFOX_PATH_DEFAULT = '/usr/bin/firefox-esr';
/** Debian's webkit2gtk-driver: WebKitWebDriver, which starts MiniBrowser (WebKitGTK). */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
/** xvfb-run (packages xvfb and xauth): the virtual display MiniBrowser draws on. */
export const XVFB_RUN = '/usr/bin/xvfb-run';

export interface EngineMachine {
  /** FIREFOX_PATH, if set and not empty. */
  firefoxPath: string | undefined;
  isFile(path: string): boolean;
  isRoot: boolean;
  isDebian: boolean;
}

interface Need {
  engine: 'Firefox' | 'WebKit';
  /** The files it lacks. */
  missing: string[];
  /** The apt-get install arguments that provide them. */
  install: string[];
}

export type EnginePlan = { kind: 'ready' } | { kind: 'install'; commands: string[][]; provides: string[] } | { kind: 'manual'; message: string; command: string };

function needs(machine: EngineMachine): Need[] {
  const firefox = machine.firefoxPath ?? FIREFOX_PATH_DEFAULT;
  const list: Need[] = [];
  if (!machine.isFile(firefox)) list.push({ engine: 'Firefox', missing: [firefox], install: ['firefox-esr'] });
  const webkit = [WEBKIT_DRIVER, XVFB_RUN].filter((path) => !machine.isFile(path));
  // Without recommends: the driver alone, not a desktop's worth of GTK extras.
  if (webkit.length) list.push({ engine: 'WebKit', missing: webkit, install: ['--no-install-recommends', 'webkit2gtk-driver', 'xvfb', 'xauth'] });
  return list;
}

/** The one command a person runs where `npm test` cannot install them itself. */
export function manualEngineCommand(machine: EngineMachine, install: string[][]): string {
  if (!machine.isDebian) return 'install Firefox (or set FIREFOX_PATH to one) and WebKitGTK’s WebKitWebDriver with xvfb-run (Debian: firefox-esr, webkit2gtk-driver, xvfb, xauth)';
  const sudo = machine.isRoot ? '' : 'sudo ';
  return [`${sudo}apt-get update`, ...install.map((args) => `${sudo}apt-get install -y ${args.join(' ')}`)].join(' && ');
}

/** What to do: nothing, install by apt (root on Debian; a set FIREFOX_PATH that is missing is never replaced), or ask. */
export function planEngines(machine: EngineMachine): EnginePlan {
  const list = needs(machine);
  if (!list.length) return { kind: 'ready' };
  const missing = list.flatMap((n) => n.missing).join(', ');
  if (machine.firefoxPath && list.some((n) => n.engine === 'Firefox')) {
    return { kind: 'manual', message: `FIREFOX_PATH is ${machine.firefoxPath}, which is not a file.`, command: 'unset FIREFOX_PATH' };
  }
  const installs = list.map((n) => n.install);
  if (machine.isRoot && machine.isDebian) {
    return { kind: 'install', commands: [['apt-get', 'update', '-qq'], ...installs.map((args) => ['apt-get', 'install', '-y', '-qq', ...args])], provides: list.flatMap((n) => n.missing) };
  }
  const why = machine.isDebian ? 'apt-get needs root' : 'this is not Debian';
  return { kind: 'manual', message: `The engines' journeys need ${list.map((n) => n.engine).join(' and ')} (missing: ${missing}), and ${why}.`, command: manualEngineCommand(machine, installs) };
}
