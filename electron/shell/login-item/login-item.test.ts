import { describe, expect, it } from 'vitest';
import { desktopEntry, desktopExecArg, loginItemPlan, loginLaunch, startHidden } from './login-item';

const PACKAGED = { execPath: '/opt/Connected Services/connected-services-app', appPath: '/opt/Connected Services/resources/app.asar', isPackaged: true, env: {} };

describe('loginLaunch', () => {
  it('starts the packaged app hidden, an AppImage by its own file, a dev app with its folder', () => {
    expect(loginLaunch(PACKAGED)).toEqual({ execPath: '/opt/Connected Services/connected-services-app', args: ['--hidden'] });
    expect(loginLaunch({ ...PACKAGED, env: { APPIMAGE: '/home/me/Apps/Connected-Services.AppImage' } }).execPath).toBe('/home/me/Apps/Connected-Services.AppImage');
    expect(loginLaunch({ ...PACKAGED, env: { APPIMAGE: 'relative.AppImage' } }).execPath).toBe(PACKAGED.execPath);
    expect(loginLaunch({ execPath: '/repo/node_modules/electron/dist/electron', appPath: '/repo', isPackaged: false, env: {} })).toEqual({
      execPath: '/repo/node_modules/electron/dist/electron',
      args: ['/repo', '--hidden'],
    });
  });
});

describe('loginItemPlan', () => {
  const launch = { execPath: 'C:\\Apps\\Connected Services.exe', args: ['--hidden'] };
  it('uses the OS login items on macOS and Windows', () => {
    expect(loginItemPlan(true, { platform: 'darwin', launch, homeDir: '/Users/me', env: {} })).toEqual({ kind: 'electron', settings: { openAtLogin: true } });
    expect(loginItemPlan(false, { platform: 'win32', launch, homeDir: 'C:\\Users\\me', env: {} })).toEqual({
      kind: 'electron',
      settings: { openAtLogin: false, path: 'C:\\Apps\\Connected Services.exe', args: ['--hidden'] },
    });
  });

  it('writes or removes an XDG autostart entry on Linux', () => {
    const on = loginItemPlan(true, { platform: 'linux', launch: { execPath: '/opt/cs/app', args: ['--hidden'] }, homeDir: '/home/me', env: {} });
    expect(on).toMatchObject({ kind: 'autostart-file', file: '/home/me/.config/autostart/connected-services.desktop' });
    expect(on.kind === 'autostart-file' && on.content).toContain('Exec="/opt/cs/app" "--hidden"');
    const off = loginItemPlan(false, { platform: 'linux', launch, homeDir: '/home/me', env: { XDG_CONFIG_HOME: '/cfg' } });
    expect(off).toEqual({ kind: 'autostart-file', file: '/cfg/autostart/connected-services.desktop', content: null });
    expect(loginItemPlan(false, { platform: 'linux', launch, homeDir: '/home/me', env: { XDG_CONFIG_HOME: 'rel' } })).toMatchObject({ file: '/home/me/.config/autostart/connected-services.desktop' });
  });
});

describe('desktop entry quoting', () => {
  it('quotes each argument so no shell or field code can hide in a path', () => {
    expect(desktopExecArg('/opt/Connected Services/app')).toBe('"/opt/Connected Services/app"');
    expect(desktopExecArg('/a/$HOME/`id`/"x"')).toBe('"/a/\\\\$HOME/\\\\`id\\\\`/\\\\"x\\\\""');
    expect(desktopExecArg('C:\\x')).toBe('"C:\\\\\\\\x"');
    expect(desktopExecArg('100%')).toBe('"100%%"');
    expect(() => desktopExecArg('/a\nExec=evil')).toThrow(RangeError);
    const entry = desktopEntry({ execPath: '/opt/a b/app', args: ['--hidden'] });
    expect(entry.split('\n').filter((line) => line.startsWith('Exec='))).toEqual(['Exec="/opt/a b/app" "--hidden"']);
    expect(entry.startsWith('[Desktop Entry]\nType=Application\n')).toBe(true);
  });
});

describe('startHidden', () => {
  it('is true only with the login flag', () => {
    expect(startHidden(['/opt/cs/app', '--hidden'])).toBe(true);
    expect(startHidden(['/opt/cs/app', 'connected-services://approvals'])).toBe(false);
  });
});
