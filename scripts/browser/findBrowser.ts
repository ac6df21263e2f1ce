/**
 * Which Chromium the end-to-end tests and the bench use, and how `npm test` provides one on a machine that
 * has none. Pure: every question about the machine goes through `Machine`, every action through `Effects`,
 * so each branch is unit-tested (findBrowser.test.ts) and scripts/ensureBrowser.ts wires in the real ones.
 */

/** Debian's Chromium (`apt-get install chromium`): the whole browser, its window's own pages included. */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`), the build Playwright itself runs headless:
 * the same engine, WebGL and WebGPU without the browser's own pages. A page of the app starts on 2.6 CPU-s in
 * it against 6.1 in the whole browser, which loads its omnibox pages for every new window (CI time).
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
/** Where Playwright downloads its browsers from, unless PLAYWRIGHT_DOWNLOAD_HOST says otherwise. */
export const PLAYWRIGHT_DOWNLOAD_HOST = 'cdn.playwright.dev';

export type BrowserSource = 'CHROMIUM_PATH' | 'Debian' | 'Playwright';

export interface Located {
  source: BrowserSource;
  /** undefined: Playwright's own browser, which Playwright finds itself. */
  executablePath: string | undefined;
}

/** What a decision needs to know about the machine; read once, before anything is installed. */
export interface Machine {
  /** The CHROMIUM_PATH environment variable, if set and not empty. */
  chromiumPath: string | undefined;
  isFile(path: string): boolean;
  isRoot: boolean;
  /** Debian itself (/etc/os-release ID=debian): its `chromium` package is a real browser, not a snap stub. */
  isDebian: boolean;
  /** Debian or a derivative (Ubuntu…): Playwright's `--with-deps` can install the libraries by apt. */
  aptFamily: boolean;
}

export type Launch = { ok: true; version: string } | { ok: false; missing: boolean; message: string };

export interface Effects {
  /** Starts the browser headless with the test flags and closes it. `missing`: Playwright's own is not installed. */
  launch(executablePath: string | undefined): Promise<Launch>;
  /** Whether Playwright's download host answers at all, within seconds. */
  canDownload(): Promise<boolean>;
  /** Runs one command, its output on the console; true when it exits 0. */
  run(command: string[]): Promise<boolean>;
  log(line: string): void;
}

export type Outcome = { ok: true; browser: Located; version: string; installedBy: Installer['name'] | null } | { ok: false; message: string; command: string };

export interface Installer {
  name: 'apt' | 'playwright';
  commands: string[][];
  /** The browser it provides. */
  provides: Located;
}

const DEBIAN: Located = { source: 'Debian', executablePath: SYSTEM_CHROMIUM };
const DEBIAN_SHELL: Located = { source: 'Debian', executablePath: SYSTEM_HEADLESS_SHELL };
const PLAYWRIGHT: Located = { source: 'Playwright', executablePath: undefined };

/** The browser already on this machine that the tests would use, without starting anything: env, then Debian's headless shell, then its Chromium. */
export function preferredBrowser(machine: Pick<Machine, 'chromiumPath' | 'isFile'>): Located {
  if (machine.chromiumPath) return { source: 'CHROMIUM_PATH', executablePath: machine.chromiumPath };
  if (machine.isFile(SYSTEM_HEADLESS_SHELL)) return DEBIAN_SHELL;
  return machine.isFile(SYSTEM_CHROMIUM) ? DEBIAN : PLAYWRIGHT;
}

/** Debian's own package of the headless shell, where apt can run: root on Debian. */
export function aptInstaller(machine: Machine): Installer | null {
  if (!machine.isRoot || !machine.isDebian) return null;
  return { name: 'apt', commands: [['apt-get', 'update', '-qq'], ['apt-get', 'install', '-y', '-qq', 'chromium-headless-shell']], provides: DEBIAN_SHELL };
}

/** Playwright's download of its headless Chromium; as root on a Debian-like system, with the libraries it needs. */
export function playwrightInstaller(machine: Machine): Installer {
  const deps = machine.isRoot && machine.aptFamily ? ['--with-deps'] : [];
  return { name: 'playwright', commands: [['npx', '--no-install', 'playwright', 'install', ...deps, '--only-shell', 'chromium']], provides: PLAYWRIGHT };
}

/** The one command a person runs when `npm test` cannot provide a browser itself. */
export function manualCommand(machine: Machine): string {
  if (machine.isDebian) return machine.isRoot ? 'apt-get update && apt-get install -y chromium-headless-shell' : 'sudo apt-get update && sudo apt-get install -y chromium-headless-shell';
  return 'npx playwright install --with-deps --only-shell chromium';
}

/** Runs the commands in turn; the first that fails, or null. */
async function firstFailing(commands: string[][], effects: Effects): Promise<string[] | null> {
  for (const command of commands) if (!(await effects.run(command))) return command;
  return null;
}

/** How a browser is named in the log and in messages. */
export function describeBrowser(b: Located): string {
  if (b.source === 'Playwright') return "Playwright's Chromium";
  if (b.source === 'CHROMIUM_PATH') return `CHROMIUM_PATH (${b.executablePath})`;
  return `${b.executablePath === SYSTEM_HEADLESS_SHELL ? "Debian's Chromium headless shell" : "Debian's Chromium"} (${b.executablePath})`;
}
const shell = (commands: string[][]) => commands.map((c) => c.join(' ')).join(' && ');

/**
 * Makes sure the tests have a Chromium that starts: CHROMIUM_PATH, else Debian's headless shell, else Debian's
 * Chromium, else Playwright's own; where none is installed, installs one (the headless shell by apt as root on
 * Debian, else Playwright's download) and otherwise says which command to run. Beside Debian's Chromium, root on
 * Debian adds the headless shell, and uses Chromium where apt cannot. A browser that is there but does not start
 * is reported, never replaced.
 */
export async function ensureBrowser(machine: Machine, effects: Effects): Promise<Outcome> {
  const fix = manualCommand(machine);
  const started = async (browser: Located, installedBy: Installer['name'] | null): Promise<Outcome | 'missing'> => {
    const launch = await effects.launch(browser.executablePath);
    if (launch.ok) return { ok: true, browser, version: launch.version, installedBy };
    if (launch.missing) return 'missing';
    const command = browser.source === 'Playwright' ? 'npx playwright install-deps chromium' : fix;
    return { ok: false, message: `${describeBrowser(browser)} is installed but does not start: ${launch.message}`, command };
  };

  const reasons: string[] = [];
  const install = async (installer: Installer): Promise<Outcome | null> => {
    effects.log(`Installing: \`${shell(installer.commands)}\``);
    const failed = await firstFailing(installer.commands, effects);
    if (failed) {
      reasons.push(`\`${failed.join(' ')}\` failed`);
      return null;
    }
    const provided = installer.provides;
    const outcome = provided.executablePath && !machine.isFile(provided.executablePath) ? 'missing' : await started(provided, installer.name);
    if (outcome !== 'missing') return outcome;
    reasons.push(`\`${shell(installer.commands)}\` ran but left no browser`);
    return null;
  };

  const preferred = preferredBrowser(machine);
  if (preferred.source === 'CHROMIUM_PATH' && !machine.isFile(preferred.executablePath ?? '')) {
    return { ok: false, message: `CHROMIUM_PATH is ${preferred.executablePath}, which is not a file.`, command: 'unset CHROMIUM_PATH' };
  }
  const apt = aptInstaller(machine);
  // Debian's whole browser is here: its headless shell beside it starts each page on less than half the CPU.
  if (preferred === DEBIAN && apt) {
    effects.log(`${describeBrowser(DEBIAN)} is here; adding its headless shell, which starts each test's page on less than half the CPU.`);
    // One that installs but does not start is reported like any other: the tests would pick it.
    const outcome = await install(apt);
    if (outcome) return outcome;
    effects.log(`No headless shell (${reasons.join('; ')}); using ${describeBrowser(DEBIAN)}.`);
  }
  const found = await started(preferred, null);
  if (found !== 'missing') return found;

  effects.log(`No Chromium found (CHROMIUM_PATH unset, no ${SYSTEM_HEADLESS_SHELL} or ${SYSTEM_CHROMIUM}, no Playwright browser).`);
  if (apt) {
    const outcome = await install(apt);
    if (outcome) return outcome;
  } else {
    reasons.push(machine.isDebian ? 'apt-get needs root' : 'no Debian apt route here');
  }
  // Asked only now: where the download host is firewalled, the question itself takes seconds.
  if (await effects.canDownload()) {
    const outcome = await install(playwrightInstaller(machine));
    if (outcome) return outcome;
  } else {
    reasons.push(`${PLAYWRIGHT_DOWNLOAD_HOST} (Playwright's downloads) cannot be reached`);
  }
  return { ok: false, message: `No Chromium for the end-to-end tests: CHROMIUM_PATH is not set, ${SYSTEM_HEADLESS_SHELL} and ${SYSTEM_CHROMIUM} are missing, Playwright's Chromium is not installed, and it could not be installed here (${reasons.join('; ')}).`, command: fix };
}

/** Debian itself, and the Debian family, from the text of /etc/os-release. */
export function distroOf(osRelease: string): Pick<Machine, 'isDebian' | 'aptFamily'> {
  const field = (name: string) => new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm').exec(osRelease)?.[1].trim().toLowerCase() ?? '';
  const id = field('ID');
  const family = [id, ...field('ID_LIKE').split(/\s+/)];
  return { isDebian: id === 'debian', aptFamily: family.includes('debian') || family.includes('ubuntu') };
}
