import { describe, expect, it } from 'vitest';
import { debuggingAsked, refuseDebugging, type DebuggingStart } from './remote-debugging';

const APP = '/opt/Connected Services/connected-services-desktop';

function start(argv: string[], env: Record<string, string> = {}, more: Partial<DebuggingStart> = {}): DebuggingStart {
  return { argv: [APP, ...argv], env, platform: 'linux', isPackaged: true, ...more };
}

describe('debuggingAsked', () => {
  it.each([
    [['--remote-debugging-port=9222'], '--remote-debugging-port'],
    [['--remote-debugging-port', '9222'], '--remote-debugging-port'],
    [['--remote-debugging-pipe'], '--remote-debugging-pipe'],
    [['--remote-debugging-address=0.0.0.0'], '--remote-debugging-address'],
    [['--remote-allow-origins=*'], '--remote-allow-origins'],
    [['--inspect'], '--inspect'],
    [['--inspect=127.0.0.1:9229'], '--inspect'],
    [['--inspect-brk'], '--inspect-brk'],
    [['--inspect-port=0'], '--inspect-port'],
    [['--inspect_brk'], '--inspect_brk'],
    [['--debug-brk'], '--debug-brk'],
    // Chromium reads one dash as two.
    [['-remote-debugging-port=9222'], '-remote-debugging-port'],
    [['--hidden', '--REMOTE-DEBUGGING-PORT=1'], '--REMOTE-DEBUGGING-PORT'],
  ])('%j asks for a debugger', (argv, asked) => {
    expect(debuggingAsked(start(argv))).toBe(asked);
  });

  it('reads NODE_OPTIONS as Node splits it', () => {
    expect(debuggingAsked(start([], { NODE_OPTIONS: '--max-old-space-size=4096 --inspect=9229' }))).toBe('NODE_OPTIONS=--inspect');
    expect(debuggingAsked(start([], { NODE_OPTIONS: '"--inspect-brk"' }))).toBe('NODE_OPTIONS=--inspect-brk');
    expect(debuggingAsked(start([], { NODE_OPTIONS: '--require "/tmp/a b/--inspect.js"' }))).toBeUndefined();
    expect(debuggingAsked(start([], { NODE_OPTIONS: '--max-old-space-size=4096' }))).toBeUndefined();
  });

  it('takes a slash for a switch on Windows only', () => {
    expect(debuggingAsked(start(['/remote-debugging-port=9222'], {}, { platform: 'win32' }))).toBe('/remote-debugging-port');
    expect(debuggingAsked(start(['/remote-debugging-port=9222']))).toBeUndefined();
  });

  it('leaves what a person, the OS or the login item passes', () => {
    expect(debuggingAsked(start([]))).toBeUndefined();
    expect(debuggingAsked(start(['--hidden']))).toBeUndefined();
    expect(debuggingAsked(start(['--no-sandbox']))).toBeUndefined();
    expect(debuggingAsked(start(['connected-services://service/--inspect']))).toBeUndefined();
    expect(debuggingAsked(start(['/home/me/--remote-debugging-port']))).toBeUndefined();
    // ELECTRON_RUN_AS_NODE is the fuse's to refuse: this code runs only where it has no effect.
    expect(debuggingAsked(start([], { ELECTRON_RUN_AS_NODE: '1' }))).toBeUndefined();
    // argv[0] is the binary, whatever its name.
    expect(debuggingAsked({ argv: ['--inspect'], env: {}, platform: 'linux', isPackaged: true })).toBeUndefined();
  });
});

describe('refuseDebugging', () => {
  it('refuses, naming the switch and why, and lets a normal start through', () => {
    expect(refuseDebugging(start(['--hidden']))).toBeUndefined();
    const refused = refuseDebugging(start(['--remote-debugging-port=9222']));
    expect(refused).toContain('does not start with --remote-debugging-port');
    expect(refused).toContain('any program on this computer drive the app');
    // A packaged app offers no way around it.
    expect(refused).not.toContain('CONNECTED_SERVICES_DEV');
  });

  it('lets a development build be debugged with CONNECTED_SERVICES_DEV=1, and says so when it is missing', () => {
    const dev = { isPackaged: false };
    expect(refuseDebugging(start(['--inspect'], { CONNECTED_SERVICES_DEV: '1' }, dev))).toBeUndefined();
    expect(refuseDebugging(start(['--inspect'], { CONNECTED_SERVICES_DEV: 'yes' }, dev))).toContain('set CONNECTED_SERVICES_DEV=1 (unsafe');
    expect(refuseDebugging(start(['--inspect'], {}, dev))).toContain('set CONNECTED_SERVICES_DEV=1 (unsafe');
  });

  it('a packaged app refuses whatever the environment says', () => {
    expect(refuseDebugging(start(['--remote-debugging-pipe'], { CONNECTED_SERVICES_DEV: '1' }))).toContain('does not start with --remote-debugging-pipe');
  });
});
