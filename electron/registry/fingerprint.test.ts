import { describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
import { commandFingerprint } from './fingerprint';

describe('commandFingerprint', () => {
  const base: StdioServerConfig = { command: 'uvx', args: ['mcp-server-git'], env: { B_TOKEN: '${secret:GH_TOKEN}', A_NAME: 'x' } };
  const withEnv = (env: Record<string, string>) => commandFingerprint({ ...base, env: { ...base.env, ...env } });

  it('is a sha256 hex digest, independent of env key order', () => {
    const fp = commandFingerprint(base);
    expect(fp).toMatch(/^[0-9a-f]{64}$/);
    expect(commandFingerprint({ ...base, env: { A_NAME: 'x', B_TOKEN: '${secret:GH_TOKEN}' } })).toBe(fp);
  });

  it('changes with the value of every environment variable, not only the code-loading ones', () => {
    const fp = commandFingerprint(base);
    // PYTHONUSERBASE pointing at a folder with an evil.pth runs that code: it was once left out.
    expect(withEnv({ PYTHONUSERBASE: '/tmp/evil' })).not.toBe(withEnv({ PYTHONUSERBASE: '/home/me/.local' }));
    expect(withEnv({ PATH: '/tmp/evil/bin' })).not.toBe(withEnv({ PATH: '/usr/bin' }));
    expect(withEnv({ PYTHONPATH: '/tmp/evil' })).not.toBe(withEnv({ PYTHONPATH: '/opt/lib' }));
    expect(withEnv({ A_NAME: 'y' })).not.toBe(fp);
    expect(withEnv({ A_NAME: '' })).not.toBe(fp);
  });

  it('takes references as written: another secret or variable is another entry, a rotated value is not', () => {
    const fp = commandFingerprint(base);
    expect(withEnv({ B_TOKEN: '${secret:OTHER_TOKEN}' })).not.toBe(fp);
    expect(withEnv({ A_NAME: '${env:HOME}' })).not.toBe(withEnv({ A_NAME: '${env:TMPDIR}' }));
    // The same reference: the vault may hold a rotated value behind it, the entry is unchanged.
    expect(withEnv({ B_TOKEN: '${secret:GH_TOKEN}' })).toBe(fp);
  });

  it('changes with the command, the args, their order, the env names and cwd', () => {
    const fp = commandFingerprint(base);
    expect(commandFingerprint({ ...base, command: 'pipx' })).not.toBe(fp);
    expect(commandFingerprint({ ...base, args: ['mcp-server-fetch'] })).not.toBe(fp);
    expect(commandFingerprint({ ...base, args: ['a', 'b'] })).not.toBe(commandFingerprint({ ...base, args: ['b', 'a'] }));
    expect(commandFingerprint({ ...base, env: { B_TOKEN: '${secret:GH_TOKEN}' } })).not.toBe(fp);
    expect(withEnv({ EXTRA: '' })).not.toBe(fp);
    expect(commandFingerprint({ ...base, cwd: '/srv' })).not.toBe(fp);
    expect(commandFingerprint({ ...base, cwd: '/srv' })).not.toBe(commandFingerprint({ ...base, cwd: '/tmp' }));
  });

  it('ignores the fields that do not change what runs', () => {
    const fp = commandFingerprint(base);
    expect(
      commandFingerprint({ ...base, type: 'stdio', description: 'd', enabled: false, timeoutMs: 5000, startupTimeoutMs: 5000, tools: { deny: ['x'] } }),
    ).toBe(fp);
  });

  it('treats absent args and env like empty ones, but keeps arg boundaries', () => {
    expect(commandFingerprint({ command: 'x' })).toBe(commandFingerprint({ command: 'x', args: [], env: {} }));
    expect(commandFingerprint({ command: 'x', args: ['a b'] })).not.toBe(commandFingerprint({ command: 'x', args: ['a', 'b'] }));
  });
});
