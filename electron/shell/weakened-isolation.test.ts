import { describe, expect, it } from 'vitest';
import { isolationWeakened, refuseWeakenedIsolation } from './weakened-isolation';

const APP = '/opt/Connected Services/connected-services-desktop';
const asked = (argv: string[], platform: NodeJS.Platform = 'linux') => isolationWeakened([APP, ...argv], platform);

describe('isolationWeakened', () => {
  it.each([
    [['--disable-web-security'], '--disable-web-security'],
    [['--disable-site-isolation-trials'], '--disable-site-isolation-trials'],
    [['--allow-running-insecure-content'], '--allow-running-insecure-content'],
    [['--allow-insecure-localhost'], '--allow-insecure-localhost'],
    [['--unsafely-treat-insecure-origin-as-secure=http://evil.example'], '--unsafely-treat-insecure-origin-as-secure'],
    [['--allow-file-access-from-files'], '--allow-file-access-from-files'],
    [['--ignore-certificate-errors'], '--ignore-certificate-errors'],
    [['--single-process'], '--single-process'],
    [['--js-flags=--allow-natives-syntax'], '--js-flags'],
    [['--js-flags', '--expose-gc'], '--js-flags'],
    [['--renderer-cmd-prefix=gdb --args'], '--renderer-cmd-prefix'],
    [['--utility-cmd-prefix=/tmp/wrap'], '--utility-cmd-prefix'],
    [['--gpu-launcher=/tmp/wrap'], '--gpu-launcher'],
    [['--browser-subprocess-path=/tmp/evil'], '--browser-subprocess-path'],
    // Chromium reads one dash as two; Windows ignores case and takes a slash.
    [['-disable-web-security'], '-disable-web-security'],
    [['--hidden', '--Disable-Web-Security'], '--Disable-Web-Security'],
    [['--disable-features=IsolateOrigins,site-per-process'], '--disable-features=IsolateOrigins'],
    [['--disable-features=Translate,SitePerProcess<Study'], '--disable-features=SitePerProcess'],
  ])('%j weakens the window’s isolation', (argv, what) => {
    expect(asked(argv)).toBe(what);
  });

  it('takes a slash for a switch on Windows only', () => {
    expect(asked(['/disable-web-security'], 'win32')).toBe('/disable-web-security');
    expect(asked(['/disable-web-security'])).toBeUndefined();
  });

  it('leaves what a person, the OS, the login item or an AppImage passes', () => {
    expect(asked([])).toBeUndefined();
    expect(asked(['--hidden'])).toBeUndefined();
    // The AppImage on recent Ubuntu cannot start without it (SECURITY.md).
    expect(asked(['--no-sandbox'])).toBeUndefined();
    expect(asked(['--user-data-dir=/tmp/elsewhere'])).toBeUndefined();
    expect(asked(['--disable-features=Translate,HardwareMediaKeyHandling'])).toBeUndefined();
    expect(asked(['--disable-features', 'IsolateOrigins'])).toBeUndefined();
    expect(asked(['connected-services://service/--disable-web-security'])).toBeUndefined();
    // argv[0] is the binary, whatever its name.
    expect(isolationWeakened(['--disable-web-security'], 'linux')).toBeUndefined();
  });
});

describe('refuseWeakenedIsolation', () => {
  it('refuses, naming the switch and why, with no way around it', () => {
    expect(refuseWeakenedIsolation([APP, '--no-sandbox'], 'linux')).toBeUndefined();
    const refused = refuseWeakenedIsolation([APP, '--disable-web-security'], 'linux');
    expect(refused).toContain('does not start with --disable-web-security');
    expect(refused).toContain("a service's app");
    expect(refused).not.toContain('CONNECTED_SERVICES_DEV');
  });
});
