/**
 * Which Chromium the end-to-end tests and the bench use, and how `npm test` provides one on a machine that
 * has none. Pure: every question about the machine goes through `Machine`, every action through `Effects`,
 * so each branch is unit-tested (findBrowser.test.ts) and scripts/ensureBrowser.ts wires in the real ones.
 */

/** Debian's Chromium (`apt-get install chromium`). */
export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
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
const PLAYWRIGHT: Located = { source: 'Playwright', executablePath: undefined };

/** The browser already on this machine that the tests would use, without starting anything: env, then Debian's. */
export function preferredBrowser(machine: Pick<Machine, 'chromiumPath' | 'isFile'>): Located {
  if (machine.chromiumPath) return { source: 'CHROMIUM_PATH', executablePath: machine.chromiumPath };
  return machine.isFile(SYSTEM_CHROMIUM) ? DEBIAN : PLAYWRIGHT;
}

/** Debian's own package, where apt can run: root on Debian. */
export function aptInstaller(machine: Machine): Installer | null {
  if (!machine.isRoot || !machine.isDebian) return null;
  return { name: 'apt', commands: [['apt-get', 'update', '-qq'], ['apt-get', 'install', '-y', '-qq', 'chromium']], provides: DEBIAN };
}

/** Playwright's download of its headless Chromium; as root on a Debian-like system, with the libraries it needs. */
export function playwrightInstaller(machine: Machine): Installer {
  const deps = machine.isRoot && machine.aptFamily ? ['--with-deps'] : [];
  return { name: 'playwright', commands: [['npx', '--no-install', 'playwright', 'install', ...deps, '--only-shell', 'chromium']], provides: PLAYWRIGHT };
}

/** The one command a person runs when `npm test` cannot provide a browser itself. */
export function manualCommand(machine: Machine): string {
  if (machine.isDebian) return machine.isRoot ? 'apt-get update && apt-get install -y chromium' : 'sudo apt-get update && sudo apt-get install -y chromium';
  return 'npx playwright install --with-deps --only-shell chromium';
}

/** Runs the commands in turn; the first that fails, or null. */
async function firstFailing(commands: string[][], effects: Effects): Promise<string[] | null> {
  for (const command of commands) if (!(await effects.run(command))) return command;
  return null;
}

const describe = (b: Located) => (b.source === 'Playwright' ? "Playwright's Chromium" : `${b.source === 'Debian' ? "Debian's Chromium" : 'CHROMIUM_PATH'} (${b.executablePath})`);
const shell = (commands: string[][]) => commands.map((c) => c.join(' ')).join(' && ');

/**
 * Makes sure the tests have a Chromium that starts: CHROMIUM_PATH, else Debian's, else Playwright's own;
 * where none is installed, installs one (apt as root on Debian, else Playwright's download) and otherwise
 * says which command to run. A browser that is there but does not start is reported, never replaced.
 */
export async function ensureBrowser(machine: Machine, effects: Effects): Promise<Outcome> {
  const fix = manualCommand(machine);
  const started = async (browser: Located, installedBy: Installer['name'] | null): Promise<Outcome | 'missing'> => {
    const launch = await effects.launch(browser.executablePath);
    if (launch.ok) return { ok: true, browser, version: launch.version, installedBy };
    if (launch.missing) return 'missing';
    const command = browser.source === 'Playwright' ? 'npx playwright install-deps chromium' : fix;
    return { ok: false, message: `${describe(browser)} is installed but does not start: ${launch.message}`, command };
  };

  const preferred = preferredBrowser(machine);
  if (preferred.source === 'CHROMIUM_PATH' && !machine.isFile(preferred.executablePath ?? '')) {
    return { ok: false, message: `CHROMIUM_PATH is ${preferred.executablePath}, which is not a file.`, command: 'unset CHROMIUM_PATH' };
  }
  const found = await started(preferred, null);
  if (found !== 'missing') return found;

  effects.log(`No Chromium found (CHROMIUM_PATH unset, no ${SYSTEM_CHROMIUM}, no Playwright browser).`);
  const reasons: string[] = [];
  const install = async (installer: Installer): Promise<Outcome | null> => {
    effects.log(`Installing one: \`${shell(installer.commands)}\``);
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

  const apt = aptInstaller(machine);
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
  return { ok: false, message: `No Chromium for the end-to-end tests: CHROMIUM_PATH is not set, ${SYSTEM_CHROMIUM} is missing, Playwright's Chromium is not installed, and it could not be installed here (${reasons.join('; ')}).`, command: fix };
}

/** Debian itself, and the Debian family, from the text of /etc/os-release. */
export function distroOf(osRelease: string): Pick<Machine, 'isDebian' | 'aptFamily'> {
  const field = (name: string) => new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm').exec(osRelease)?.[1].trim().toLowerCase() ?? '';
  const id = field('ID');
  const family = [id, ...field('ID_LIKE').split(/\s+/)];
  return { isDebian: id === 'debian', aptFamily: family.includes('debian') || family.includes('ubuntu') };
}
