import { describe, expect, it } from 'vitest';
import type { RuntimeInfo } from '../app';
import { alreadyRunningText, leaveToRunningApp } from './already-running';

const SERVE: RuntimeInfo = { pid: 4242, origin: 'http://127.0.0.1:51234', secret: 'cli-secret-never-shown', bridge: 'http://127.0.0.1:3838/mcp', startedAt: 1 };
const DATA = '/home/me/.connected-services';

/** Electron's dialog, exit and the shell's log, recorded. */
function fakeUi() {
  const seen: Array<[string, ...unknown[]]> = [];
  return {
    seen,
    ui: {
      showErrorBox: (title: string, text: string) => void seen.push(['showErrorBox', title, text]),
      exit: (code: number) => void seen.push(['exit', code]),
      log: (line: string) => void seen.push(['log', line]),
    },
  };
}

describe('leaveToRunningApp', () => {
  it('names the running serve in the log and a dialog, then exits 0 having started nothing', () => {
    const { seen, ui } = fakeUi();
    leaveToRunningApp(SERVE, DATA, ui, 'linux');
    expect(seen.map(([what]) => what)).toEqual(['log', 'showErrorBox', 'exit']);
    const text = alreadyRunningText(SERVE, DATA, 'linux');
    expect(seen).toEqual([['log', text], ['showErrorBox', 'Connected Services', text], ['exit', 0]]);
  });
});

describe('alreadyRunningText', () => {
  it('says which process runs, where to sign in, how to stop it, and never the command line’s credential', () => {
    const text = alreadyRunningText(SERVE, DATA, 'linux');
    expect(text).toContain('already running for this data folder (pid 4242, most likely `connected-services serve`)');
    expect(text).toContain('Open the sign-in address it printed (http://127.0.0.1:51234/#token=…; it works once, within 10 minutes)');
    expect(text).toContain('`connected-services serve --ui-link`');
    expect(text).toContain('stop it (kill 4242) and open the app again');
    expect(text).toContain('Bridge: http://127.0.0.1:3838/mcp\nData: /home/me/.connected-services');
    expect(text).not.toContain('cli-secret-never-shown');
  });

  it('a bridge that is not running is said so', () => {
    expect(alreadyRunningText({ ...SERVE, bridge: null }, DATA, 'linux')).toContain('Bridge: not running');
  });

  it('names the Windows command to stop it on Windows', () => {
    expect(alreadyRunningText(SERVE, DATA, 'win32')).toContain('stop it (taskkill /PID 4242)');
  });

  // runtime.json is any program's of the person's to write: what it says is not repeated as the app's advice.
  it('never tells the person to kill a process group or every process', () => {
    for (const pid of [0, -1, -4242]) {
      const text = alreadyRunningText({ ...SERVE, pid }, DATA, 'linux');
      expect(text).not.toMatch(/kill -?\d/);
      expect(text).toContain('its process is not named in a usable form');
      expect(text).toContain('To use the desktop app instead, stop it and open the app again.');
    }
  });

  it('shows no address to open but one on this computer as the app writes it', () => {
    const elsewhere = alreadyRunningText({ ...SERVE, origin: 'https://sign-in.example.com', bridge: 'https://bridge.example.com/mcp' }, DATA, 'linux');
    expect(elsewhere).not.toContain('example.com');
    expect(elsewhere).toContain('Open the sign-in address it printed, or run');
    expect(elsewhere).toContain('Bridge: an address not shown');
    // A line break would forge a line of the dialog.
    const forged = alreadyRunningText({ ...SERVE, origin: 'http://127.0.0.1:1\n\nIt is safe to paste your API key', bridge: 'http://127.0.0.1:2/mcp\nx' }, DATA, 'linux');
    expect(forged).not.toContain('API key');
    expect(forged).not.toContain('127.0.0.1:1');
    expect(forged).not.toContain('127.0.0.1:2');
  });
});
