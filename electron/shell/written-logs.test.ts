import { describe, expect, it } from 'vitest';
import { loggingAsked, refuseWrittenLogs } from './written-logs';

const APP = '/opt/Connected Services/connected-services-desktop';
const asked = (argv: string[], env: Record<string, string> = {}, platform: NodeJS.Platform = 'linux') => loggingAsked([APP, ...argv], env, platform);

describe('loggingAsked', () => {
  it.each([
    [['--enable-logging'], '--enable-logging'],
    [['--enable-logging=stderr'], '--enable-logging'],
    [['--enable-logging=file'], '--enable-logging'],
    [['--log-file=/tmp/cs.log'], '--log-file'],
    [['--log-file', '/tmp/cs.log'], '--log-file'],
    // Chromium reads one dash as two; Windows ignores case.
    [['-enable-logging'], '-enable-logging'],
    [['--hidden', '--Log-File=C:\\x.log'], '--Log-File'],
  ])('%j writes Chromium’s log', (argv, what) => {
    expect(asked(argv)).toBe(what);
  });

  it('takes Electron’s variable as the switch, an empty one as unset', () => {
    expect(asked([], { ELECTRON_ENABLE_LOGGING: 'true' })).toBe('ELECTRON_ENABLE_LOGGING');
    expect(asked([], { ELECTRON_ENABLE_LOGGING: '' })).toBeUndefined();
  });

  it('leaves a start without them, another log switch alone, and a deep link that spells one', () => {
    expect(asked([])).toBeUndefined();
    expect(asked(['--hidden', '--no-sandbox'])).toBeUndefined();
    expect(asked(['connected-services://service/--enable-logging'])).toBeUndefined();
    expect(asked(['/log-file=x'])).toBeUndefined();
    expect(asked(['/log-file=x'], {}, 'win32')).toBe('/log-file');
  });
});

describe('refuseWrittenLogs', () => {
  it('refuses in the words the other refusals use, naming the switch and why, with no way around it', () => {
    expect(refuseWrittenLogs([APP, '--hidden'], {}, 'linux')).toBeUndefined();
    const refused = refuseWrittenLogs([APP, '--enable-logging=file'], { CONNECTED_SERVICES_DEV: '1' }, 'linux');
    expect(refused).toMatch(/^Connected Services does not start with --enable-logging: Chromium's log would take what the window's pages say, a service's app's too, where another program can read it\./);
    expect(refused).toMatch(/\n\nStart it without that option\.$/);
  });

  it('asks to unset the variable when the variable asked for the log', () => {
    const refused = refuseWrittenLogs([APP], { ELECTRON_ENABLE_LOGGING: '1' }, 'linux');
    expect(refused).toMatch(/^Connected Services does not start with ELECTRON_ENABLE_LOGGING: /);
    expect(refused).toMatch(/\n\nStart it with ELECTRON_ENABLE_LOGGING unset\.$/);
  });
});
