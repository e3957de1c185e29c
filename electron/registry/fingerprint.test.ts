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

  // Tuning a server must not take its approval away (docs/configuration.md lists these as needing none).
  it.each<[string, Partial<StdioServerConfig>]>([
    ['idleTimeoutMs', { idleTimeoutMs: 0 }],
    ['roots', { roots: ['/home/me/notes'] }],
    ['timeoutMs', { timeoutMs: 120_000 }],
    ['timeouts', { timeouts: { export_report: 900_000 } }],
    ['startupTimeoutMs', { startupTimeoutMs: 90_000 }],
    ['description', { description: 'my notes' }],
    ['enabled', { enabled: false }],
    ['tools', { tools: { allow: ['read_*'] } }],
  ])('a changed %s keeps the fingerprint', (_field, change) => {
    expect(commandFingerprint({ ...base, ...change })).toBe(commandFingerprint(base));
  });

  it('treats absent args and env like empty ones, but keeps arg boundaries', () => {
    expect(commandFingerprint({ command: 'x' })).toBe(commandFingerprint({ command: 'x', args: [], env: {} }));
    expect(commandFingerprint({ command: 'x', args: ['a b'] })).not.toBe(commandFingerprint({ command: 'x', args: ['a', 'b'] }));
  });

  describe('the credential handed to the program', () => {
    const mail: StdioServerConfig = {
      command: 'mail-mcp',
      env: { MAIL_TOKEN: '${token}' },
      auth: { type: 'oauth', issuer: 'https://accounts.example.com', clientId: 'app-1', scopes: ['mail.read'] },
    };
    const fp = commandFingerprint(mail);

    it('keeps the fingerprint of an entry without auth as earlier releases stored it', () => {
      // Pinned: approvals of entries without a credential stay valid after this change.
      expect(commandFingerprint({ command: 'npx', args: ['-y', 'tool'], env: { A: 'b', TOKEN: '${secret:T}' }, cwd: '/srv' })).toBe(
        '432fa891ec05d31b81fc4e865707e14d5a1f642b6b30eea0051a2f787bba17d4',
      );
      expect(commandFingerprint({ command: 'npx', args: ['-y', 'tool'], auth: { type: 'none' } })).toBe(commandFingerprint({ command: 'npx', args: ['-y', 'tool'] }));
    });

    it("changes with the auth block: its type, issuer, client, scopes and the key's reference", () => {
      const withAuth = (auth: StdioServerConfig['auth']) => commandFingerprint({ ...mail, auth });
      expect(withAuth({ type: 'oauth', issuer: 'https://evil.example', clientId: 'app-1', scopes: ['mail.read'] })).not.toBe(fp);
      expect(withAuth({ type: 'oauth', issuer: 'https://accounts.example.com', clientId: 'app-2', scopes: ['mail.read'] })).not.toBe(fp);
      expect(withAuth({ type: 'oauth', issuer: 'https://accounts.example.com', clientId: 'app-1', scopes: ['mail.read', 'mail.send'] })).not.toBe(fp);
      expect(withAuth({ type: 'device', issuer: 'https://accounts.example.com', clientId: 'app-1', scopes: ['mail.read'] })).not.toBe(fp);
      expect(withAuth({ type: 'api_key', key: '${secret:A}' })).not.toBe(withAuth({ type: 'api_key', key: '${secret:B}' }));
      expect(withAuth({ type: 'client_credentials', clientId: 'c', clientSecret: '${secret:S}', issuer: 'https://a.example' })).not.toBe(
        withAuth({ type: 'client_credentials', clientId: 'c', clientSecret: '${secret:S}', issuer: 'https://b.example' }),
      );
      // A credential added to a command approved without one.
      expect(commandFingerprint({ command: 'mail-mcp', env: { MAIL_TOKEN: '${token}' } })).not.toBe(fp);
    });

    it('changes with where the credential goes: the credential file, ${token} and ${secretFile:} as written', () => {
      const file: StdioServerConfig = { command: 'mail-mcp', auth: mail.auth, credentialFile: { env: 'TOKEN_FILE', format: 'json' } };
      const fileFp = commandFingerprint(file);
      expect(commandFingerprint({ ...file, credentialFile: { env: 'OTHER_FILE', format: 'json' } })).not.toBe(fileFp);
      expect(commandFingerprint({ ...file, credentialFile: { env: 'TOKEN_FILE', format: 'google_authorized_user' } })).not.toBe(fileFp);
      expect(commandFingerprint({ command: 'mail-mcp', auth: mail.auth, env: { MAIL_TOKEN: '${token}' } })).not.toBe(fileFp);
      expect(commandFingerprint({ ...mail, env: { MAIL_TOKEN: '${token:bank}' } })).not.toBe(fp);
      expect(commandFingerprint({ ...mail, args: ['--token', '${token}'] })).not.toBe(fp);
      expect(commandFingerprint({ ...mail, env: { ...mail.env, KEY: '${secretFile:A}' } })).not.toBe(commandFingerprint({ ...mail, env: { ...mail.env, KEY: '${secretFile:B}' } }));
    });
  });
});
