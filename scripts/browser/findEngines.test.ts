import { describe, expect, it } from 'vitest';
import { FIREFOX_PATH_DEFAULT, planEngines, WEBKIT_DRIVER, XVFB_RUN, type EngineMachine } from './findEngines';

const machine = (files: string[], over: Partial<EngineMachine> = {}): EngineMachine => ({ firefoxPath: undefined, isFile: (p) => files.includes(p), isRoot: true, isDebian: true, ...over });
const ALL = [FIREFOX_PATH_DEFAULT, WEBKIT_DRIVER, XVFB_RUN];

describe('Firefox and WebKit for the engines’ journeys', () => {
  it('does nothing when both are here', () => {
    expect(planEngines(machine(ALL))).toEqual({ kind: 'ready' });
    expect(planEngines(machine([WEBKIT_DRIVER, XVFB_RUN, '/opt/ff'], { firefoxPath: '/opt/ff' }))).toEqual({ kind: 'ready' });
  });

  it('installs what is missing from Debian as root, WebKit without recommends', () => {
    expect(planEngines(machine([]))).toEqual({
      kind: 'install',
      commands: [
        ['apt-get', 'update', '-qq'],
        ['apt-get', 'install', '-y', '-qq', 'firefox-esr'],
        ['apt-get', 'install', '-y', '-qq', '--no-install-recommends', 'webkit2gtk-driver', 'xvfb', 'xauth'],
      ],
      provides: ALL,
    });
    expect(planEngines(machine([FIREFOX_PATH_DEFAULT, WEBKIT_DRIVER]))).toMatchObject({ kind: 'install', provides: [XVFB_RUN] });
  });

  it('says the one command where it cannot install: not root, or not Debian', () => {
    expect(planEngines(machine([WEBKIT_DRIVER, XVFB_RUN], { isRoot: false }))).toEqual({
      kind: 'manual',
      message: `The engines' journeys need Firefox (missing: ${FIREFOX_PATH_DEFAULT}), and apt-get needs root.`,
      command: 'sudo apt-get update && sudo apt-get install -y firefox-esr',
    });
    const elsewhere = planEngines(machine([], { isDebian: false, isRoot: false }));
    expect(elsewhere.kind === 'manual' && elsewhere.command).toMatch(/^install Firefox .* WebKitWebDriver with xvfb-run/);
  });

  it('never replaces a FIREFOX_PATH that names no file', () => {
    expect(planEngines(machine(ALL, { firefoxPath: '/nowhere/firefox' }))).toEqual({ kind: 'manual', message: 'FIREFOX_PATH is /nowhere/firefox, which is not a file.', command: 'unset FIREFOX_PATH' });
  });
});
