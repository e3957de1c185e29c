import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { openWith, printUrl, systemBrowserOpener, type SpawnLike } from './openers';

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
