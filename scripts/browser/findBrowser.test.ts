import { describe, expect, it } from 'vitest';
import { describeBrowser, distroOf, ensureBrowser, manualCommand, preferredBrowser, SYSTEM_CHROMIUM, SYSTEM_HEADLESS_SHELL, type Effects, type Launch, type Machine } from './findBrowser';

const PLAYWRIGHT_INSTALL = 'npx --no-install playwright install --only-shell chromium';
const MISSING: Launch = { ok: false, missing: true, message: "Executable doesn't exist at /root/.cache/ms-playwright/…" };

/** A machine whose files, installers and network are a test's to set; it records what ran. */
function fakeMachine(options: { files?: string[]; env?: string; root?: boolean; debian?: boolean; download?: boolean; failing?: string[]; installs?: Record<string, string>; broken?: string[] }) {
  const files = new Set(options.files ?? []);
  const ran: string[] = [];
  const logs: string[] = [];
  let playwrightInstalled = false;
  const machine: Machine = {
    chromiumPath: options.env,
    isFile: (path) => files.has(path),
    isRoot: options.root ?? false,
    isDebian: options.debian ?? false,
    aptFamily: options.debian ?? false,
  };
  const effects: Effects = {
    async launch(path) {
      const key = path ?? 'playwright';
      if (options.broken?.includes(key)) return { ok: false, missing: false, message: 'error while loading shared libraries: libnss3.so' };
      if (path === undefined) return playwrightInstalled ? { ok: true, version: '159.0' } : MISSING;
      return files.has(path) ? { ok: true, version: '156.0' } : { ok: false, missing: false, message: `spawn ${path} ENOENT` };
    },
    canDownload: async () => options.download ?? false,
    async run(command) {
      const line = command.join(' ');
      ran.push(line);
      if (options.failing?.includes(line)) return false;
      const provides = options.installs?.[line];
      if (provides === 'playwright') playwrightInstalled = true;
      else if (provides) files.add(provides);
      return true;
    },
    log: (line) => logs.push(line),
  };
  return { machine, effects, ran, logs, run: () => ensureBrowser(machine, effects) };
}

describe('which browser the tests use', () => {
  it("CHROMIUM_PATH first, then Debian's headless shell, then Debian's Chromium, then Playwright's own", () => {
    const both = (path: string) => path === SYSTEM_CHROMIUM || path === SYSTEM_HEADLESS_SHELL;
    const chromiumOnly = (path: string) => path === SYSTEM_CHROMIUM;
    expect(preferredBrowser({ chromiumPath: '/opt/chrome/chrome', isFile: both })).toEqual({ source: 'CHROMIUM_PATH', executablePath: '/opt/chrome/chrome' });
    expect(preferredBrowser({ chromiumPath: undefined, isFile: both })).toEqual({ source: 'Debian', executablePath: SYSTEM_HEADLESS_SHELL });
    expect(preferredBrowser({ chromiumPath: undefined, isFile: chromiumOnly })).toEqual({ source: 'Debian', executablePath: SYSTEM_CHROMIUM });
    expect(preferredBrowser({ chromiumPath: undefined, isFile: () => false })).toEqual({ source: 'Playwright', executablePath: undefined });
  });

  it('names each browser in the log', () => {
    expect(describeBrowser({ source: 'Debian', executablePath: SYSTEM_HEADLESS_SHELL })).toBe("Debian's Chromium headless shell (/usr/bin/chromium-headless-shell)");
    expect(describeBrowser({ source: 'Debian', executablePath: SYSTEM_CHROMIUM })).toBe("Debian's Chromium (/usr/bin/chromium)");
    expect(describeBrowser({ source: 'CHROMIUM_PATH', executablePath: '/opt/chrome/chrome' })).toBe('CHROMIUM_PATH (/opt/chrome/chrome)');
    expect(describeBrowser({ source: 'Playwright', executablePath: undefined })).toBe("Playwright's Chromium");
  });

  it('reads Debian, and the Debian family, from /etc/os-release', () => {
    expect(distroOf('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n')).toEqual({ isDebian: true, aptFamily: true });
    expect(distroOf('NAME="Ubuntu"\nID=ubuntu\nID_LIKE=debian\n')).toEqual({ isDebian: false, aptFamily: true });
    expect(distroOf('ID="fedora"\n')).toEqual({ isDebian: false, aptFamily: false });
    expect(distroOf('')).toEqual({ isDebian: false, aptFamily: false });
  });
});

describe('npm test makes sure it has a browser', () => {
  it('uses CHROMIUM_PATH when it is a file that starts, installing nothing', async () => {
    const m = fakeMachine({ env: '/opt/chrome/chrome', files: ['/opt/chrome/chrome', SYSTEM_CHROMIUM], root: true, debian: true });
    expect(await m.run()).toEqual({ ok: true, browser: { source: 'CHROMIUM_PATH', executablePath: '/opt/chrome/chrome' }, version: '156.0', installedBy: null });
    expect(m.ran).toEqual([]);
  });

  it('stops on a CHROMIUM_PATH that is not a file instead of installing another browser', async () => {
    const m = fakeMachine({ env: '/nowhere/chrome', root: true, debian: true, download: true });
    expect(await m.run()).toEqual({ ok: false, message: 'CHROMIUM_PATH is /nowhere/chrome, which is not a file.', command: 'unset CHROMIUM_PATH' });
    expect(m.ran).toEqual([]);
  });

  it("uses Debian's headless shell when present, installing nothing", async () => {
    const m = fakeMachine({ files: [SYSTEM_HEADLESS_SHELL, SYSTEM_CHROMIUM], root: true, debian: true });
    expect(await m.run()).toMatchObject({ ok: true, browser: { source: 'Debian', executablePath: SYSTEM_HEADLESS_SHELL }, installedBy: null });
    expect(m.ran).toEqual([]);
  });

  it("adds the headless shell beside Debian's Chromium as root on Debian, and uses it", async () => {
    const m = fakeMachine({ files: [SYSTEM_CHROMIUM], root: true, debian: true, installs: { 'apt-get install -y -qq chromium-headless-shell': SYSTEM_HEADLESS_SHELL } });
    expect(await m.run()).toMatchObject({ ok: true, browser: { source: 'Debian', executablePath: SYSTEM_HEADLESS_SHELL }, installedBy: 'apt' });
    expect(m.ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium-headless-shell']);
    expect(m.logs[0]).toContain("Debian's Chromium (/usr/bin/chromium) is here; adding its headless shell");
  });

  it("uses Debian's Chromium where apt cannot add the shell: not root, or apt failing", async () => {
    const user = fakeMachine({ files: [SYSTEM_CHROMIUM], debian: true });
    expect(await user.run()).toMatchObject({ ok: true, browser: { source: 'Debian', executablePath: SYSTEM_CHROMIUM }, installedBy: null });
    expect(user.ran).toEqual([]);
    const offline = fakeMachine({ files: [SYSTEM_CHROMIUM], root: true, debian: true, failing: ['apt-get update -qq'] });
    expect(await offline.run()).toMatchObject({ ok: true, browser: { source: 'Debian', executablePath: SYSTEM_CHROMIUM }, installedBy: null });
    expect(offline.logs.join('\n')).toContain("No headless shell (`apt-get update -qq` failed); using Debian's Chromium (/usr/bin/chromium).");
  });

  it('reports an added headless shell that does not start, since the tests would pick it', async () => {
    const m = fakeMachine({ files: [SYSTEM_CHROMIUM], root: true, debian: true, broken: [SYSTEM_HEADLESS_SHELL], installs: { 'apt-get install -y -qq chromium-headless-shell': SYSTEM_HEADLESS_SHELL } });
    expect(await m.run()).toMatchObject({ ok: false, message: expect.stringContaining("Debian's Chromium headless shell (/usr/bin/chromium-headless-shell) is installed but does not start") });
  });

  it("uses Playwright's own browser when it is installed", async () => {
    const pre = fakeMachine({ download: true, installs: { [PLAYWRIGHT_INSTALL]: 'playwright' } });
    await pre.effects.run(PLAYWRIGHT_INSTALL.split(' '));
    pre.ran.length = 0;
    expect(await pre.run()).toMatchObject({ ok: true, browser: { source: 'Playwright', executablePath: undefined }, installedBy: null });
    expect(pre.ran).toEqual([]);
  });

  it("installs Debian's headless shell by apt as root on Debian, after apt-get update", async () => {
    const m = fakeMachine({ root: true, debian: true, download: true, installs: { 'apt-get install -y -qq chromium-headless-shell': SYSTEM_HEADLESS_SHELL } });
    expect(await m.run()).toMatchObject({ ok: true, browser: { source: 'Debian', executablePath: SYSTEM_HEADLESS_SHELL }, installedBy: 'apt' });
    expect(m.ran).toEqual(['apt-get update -qq', 'apt-get install -y -qq chromium-headless-shell']);
    expect(m.logs.join('\n')).toContain('Installing: `apt-get update -qq && apt-get install -y -qq chromium-headless-shell`');
  });

  it("installs Playwright's browser where it can download and apt is not an option (not root)", async () => {
    const m = fakeMachine({ debian: true, download: true, installs: { [PLAYWRIGHT_INSTALL]: 'playwright' } });
    expect(await m.run()).toMatchObject({ ok: true, browser: { source: 'Playwright' }, installedBy: 'playwright' });
    expect(m.ran).toEqual([PLAYWRIGHT_INSTALL]);
  });

  it("falls back to Playwright's download when apt fails, with the libraries as root", async () => {
    const withDeps = 'npx --no-install playwright install --with-deps --only-shell chromium';
    const m = fakeMachine({ root: true, debian: true, download: true, failing: ['apt-get update -qq'], installs: { [withDeps]: 'playwright' } });
    expect(await m.run()).toMatchObject({ ok: true, installedBy: 'playwright' });
    expect(m.ran).toEqual(['apt-get update -qq', withDeps]);
  });

  it('stops with the one command to run where it can neither apt nor download', async () => {
    const m = fakeMachine({ debian: true, download: false });
    const outcome = await m.run();
    expect(outcome).toMatchObject({ ok: false, command: 'sudo apt-get update && sudo apt-get install -y chromium-headless-shell' });
    expect(outcome.ok === false && outcome.message).toMatch(/apt-get needs root; cdn\.playwright\.dev \(Playwright's downloads\) cannot be reached/);
    expect(m.ran).toEqual([]);
  });

  it('stops with the failed installer named when apt and the download both fail', async () => {
    const m = fakeMachine({ root: true, debian: true, download: false, failing: ['apt-get install -y -qq chromium-headless-shell'] });
    const outcome = await m.run();
    expect(outcome).toMatchObject({ ok: false, command: 'apt-get update && apt-get install -y chromium-headless-shell' });
    expect(outcome.ok === false && outcome.message).toMatch(/`apt-get install -y -qq chromium-headless-shell` failed; cdn\.playwright\.dev/);
  });

  it('says when an installer exits 0 but leaves no browser', async () => {
    const m = fakeMachine({ download: true });
    const outcome = await m.run();
    expect(outcome).toMatchObject({ ok: false, command: 'npx playwright install --with-deps --only-shell chromium' });
    expect(outcome.ok === false && outcome.message).toContain('ran but left no browser');
  });

  it('reports a browser that is there but does not start, and replaces nothing', async () => {
    const m = fakeMachine({ files: [SYSTEM_CHROMIUM], debian: true, download: true, broken: [SYSTEM_CHROMIUM] });
    const outcome = await m.run();
    expect(outcome).toMatchObject({ ok: false, message: expect.stringContaining("Debian's Chromium (/usr/bin/chromium) is installed but does not start: error while loading shared libraries") });
    expect(m.ran).toEqual([]);
    const playwright = fakeMachine({ download: true, broken: ['playwright'] });
    expect(await playwright.run()).toMatchObject({ ok: false, command: 'npx playwright install-deps chromium' });
  });

  it('names the command for each kind of machine', () => {
    const machine = (isRoot: boolean, isDebian: boolean): Machine => ({ chromiumPath: undefined, isFile: () => false, isRoot, isDebian, aptFamily: isDebian });
    expect(manualCommand(machine(true, true))).toBe('apt-get update && apt-get install -y chromium-headless-shell');
    expect(manualCommand(machine(false, true))).toBe('sudo apt-get update && sudo apt-get install -y chromium-headless-shell');
    expect(manualCommand(machine(false, false))).toBe('npx playwright install --with-deps --only-shell chromium');
  });
});
