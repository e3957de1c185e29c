import { describe, expect, it } from 'vitest';
import { getentRunner, type GetentExec, type GetentExecOptions } from './getent';

/** An exec that answers `out` and records how it was asked. */
function recording(out: string): { exec: GetentExec; runs: { file: string; args: string[]; options: GetentExecOptions }[] } {
  const runs: { file: string; args: string[]; options: GetentExecOptions }[] = [];
  const exec: GetentExec = (file, args, options, done) => {
    runs.push({ file, args, options });
    done(null, out);
  };
  return { exec, runs };
}

describe.skipIf(process.platform === 'win32')('getent', () => {
  const env = {
    PATH: '.:/usr/bin::/bin',
    HOME: '/home/me',
    CONNECTED_SERVICES_PASSPHRASE: 'vault passphrase',
    CONNECTED_SERVICES_TOKEN: 'bridge token',
    LD_PRELOAD: '/tmp/evil.so',
  };

  it('is run by its absolute path with the minimal environment: no token or passphrase of ours', async () => {
    const { exec, runs } = recording('alice:*:70001:\n');
    expect(await getentRunner(exec, env)('group', 70001)).toBe('alice:*:70001:\n');
    expect(runs).toHaveLength(1);
    const run = runs[0];
    expect(run?.file).toMatch(/^\/(usr\/)?bin\/getent$/);
    expect(run?.args).toEqual(['group', '70001']);
    expect(Object.keys(run?.options.env ?? {}).filter((name) => name.startsWith('CONNECTED_SERVICES_'))).toEqual([]);
    expect(run?.options.env).toEqual({ PATH: env.PATH, HOME: env.HOME });
  });

  it('falls back to /bin/getent, and answers nothing when neither is there', async () => {
    const { exec, runs } = recording('');
    await getentRunner(exec, env, ['/nonexistent/getent', '/bin/getent'])('passwd');
    expect(runs.map((run) => [run.file, run.args])).toEqual([['/bin/getent', ['passwd']]]);
    expect(await getentRunner(exec, env, ['/nonexistent/getent'])('passwd')).toBeUndefined();
    expect(runs).toHaveLength(1);
  });
});
