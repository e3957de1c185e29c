import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { SpawnLike } from '../proc-env';
import { openWith, printUrl, systemBrowserOpener } from './openers';

interface Call {
  command: string;
  args: readonly string[];
  options: SpawnOptions;
}

function fakeSpawn(outcome: 'spawn' | 'error' = 'spawn'): { spawn: SpawnLike; calls: Call[] } {
  const calls: Call[] = [];
  const spawn: SpawnLike = (command, args, options) => {
    calls.push({ command, args, options });
    const child = Object.assign(new EventEmitter(), { unref: () => undefined });
    setImmediate(() => {
      if (outcome === 'spawn') child.emit('spawn');
      else child.emit('error', Object.assign(new Error('spawn xdg-open ENOENT'), { code: 'ENOENT' }));
    });
    return child as unknown as ChildProcess;
  };
  return { spawn, calls };
}

const URL_WITH_SPECIALS = 'https://auth.example.com/authorize?state=a;b&redirect_uri=http%3A%2F%2F127.0.0.1%3A5%2Fcallback&x=$(id)';

describe('openers hand the URL over as one argv element, never through a shell', () => {
  it.each([
    ['linux', 'xdg-open', []],
    ['darwin', 'open', []],
    ['win32', 'rundll32', ['url.dll,FileProtocolHandler']],
  ] as const)('system browser on %s', async (platform, command, prefix) => {
    const { spawn, calls } = fakeSpawn();
    await systemBrowserOpener({ platform, spawn })(URL_WITH_SPECIALS);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.command).toBe(command);
    expect(calls[0]?.args).toEqual([...prefix, URL_WITH_SPECIALS]);
    expect(calls[0]?.options.shell).toBe(false);
  });

  it('--open-with runs the parsed command with the URL appended', async () => {
    const { spawn, calls } = fakeSpawn();
    await openWith('"/opt/My Browser/run" --new-window', { spawn })(URL_WITH_SPECIALS);
    expect(calls[0]).toMatchObject({ command: '/opt/My Browser/run', args: ['--new-window', URL_WITH_SPECIALS], options: { shell: false } });
  });

  it('the opener gets an allowlisted environment: the desktop session, never the passphrase or tokens', async () => {
    const kept = {
      PATH: '/usr/bin',
      HOME: '/home/p',
      LANG: 'de_DE.UTF-8',
      LC_TIME: 'en_GB.UTF-8',
      DISPLAY: ':0',
      WAYLAND_DISPLAY: 'wayland-0',
      XDG_RUNTIME_DIR: '/run/user/1000',
      DBUS_SESSION_BUS_ADDRESS: 'unix:path=/run/user/1000/bus',
      XDG_CURRENT_DESKTOP: 'GNOME',
      BROWSER: 'firefox',
    };
    const dropped = {
      CONNECTED_SERVICES_PASSPHRASE: 'vault-master-passphrase',
      GITHUB_TOKEN: 'ghp_secret',
      OPENAI_API_KEY: 'sk-secret',
      SOME_PASSPHRASE: 'other',
      NODE_OPTIONS: '--require /tmp/evil.js',
      UNRELATED: 'x',
    };
    const env = { ...kept, ...dropped };
    for (const opener of [(o: { spawn: SpawnLike }) => systemBrowserOpener({ ...o, platform: 'linux', env }), (o: { spawn: SpawnLike }) => openWith('my-browser', { ...o, env })]) {
      const { spawn, calls } = fakeSpawn();
      await opener({ spawn })('https://example.com/');
      const passed = calls[0]?.options.env;
      expect(passed).toMatchObject(kept);
      for (const name of Object.keys(dropped)) {
        expect(passed, name).not.toHaveProperty(name);
      }
    }
  });

  it('without an env option the allowlist is applied to process.env', async () => {
    process.env['CS_OPENER_TEST_TOKEN'] = 'leak-me-not';
    try {
      const { spawn, calls } = fakeSpawn();
      await systemBrowserOpener({ platform: 'linux', spawn })('https://example.com/');
      expect(calls[0]?.options.env).not.toHaveProperty('CS_OPENER_TEST_TOKEN');
      expect(calls[0]?.options.env).toHaveProperty('PATH', process.env['PATH']);
    } finally {
      delete process.env['CS_OPENER_TEST_TOKEN'];
    }
  });

  it('refuses unsafe URLs before spawning anything', async () => {
    const { spawn, calls } = fakeSpawn();
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'https://www.$(cmd).com/x', 'https://host:$(cmd)/x']) {
      await expect(systemBrowserOpener({ spawn })(url)).rejects.toMatchObject({ code: 'denied' });
      await expect(openWith('browser', { spawn })(url)).rejects.toMatchObject({ code: 'denied' });
    }
    expect(calls).toEqual([]);
  });

  it('says what to do when the opener is missing', async () => {
    const { spawn } = fakeSpawn('error');
    await expect(systemBrowserOpener({ platform: 'linux', spawn })('https://example.com/')).rejects.toMatchObject({
      code: 'internal',
      hint: expect.stringContaining('--print-url') as unknown,
    });
  });

  it('--print-url writes the URL for the person', async () => {
    let written = '';
    await printUrl({ write: (chunk) => (written += chunk) })('https://example.com/device?user_code=ABCD-EFGH');
    expect(written).toContain('\n  https://example.com/device?user_code=ABCD-EFGH\n');
    await expect(printUrl({ write: () => true })('data:text/html,hi')).rejects.toMatchObject({ code: 'denied' });
  });
});
