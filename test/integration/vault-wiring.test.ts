import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { secretKey } from '../../shared/vault';
import { faultServer } from '../fixtures/servers/config';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

function textOf(result: { content: { type: string; text?: unknown }[] }): string {
  return result.content.map((c) => (typeof c.text === 'string' ? c.text : '')).join('');
}

describe('vault wired into the core', () => {
  let core: Core | undefined;
  afterEach(async () => {
    await core?.close();
    core = undefined;
  });

  async function open(): Promise<Core> {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-core-')), 'home');
    core = await createCore({ dataDir, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
    return core;
  }

  it('resolves ${secret:…} and ${env:…} at spawn time, giving each child only its own secrets', async () => {
    const c = await open();
    await c.api.setSecret({ name: 'ALPHA_TOKEN', value: 'alpha-secret-value-1' });
    await c.api.addServer({ name: 'alpha', config: faultServer('normal', { MY_TOKEN: '${secret:ALPHA_TOKEN}', FROM_ENV: '${env:HOME}' }) });
    await c.api.addServer({ name: 'beta', config: faultServer('normal', { OTHER: 'plain' }) });
    await c.api.approveServer({ name: 'alpha' });
    await c.api.approveServer({ name: 'beta' });

    // The pool's raw result, before the App API redacts it for people.
    const alphaEnv = JSON.parse(textOf(await c.pool.callTool('alpha', 'env', {}))) as Record<string, string>;
    expect(alphaEnv['MY_TOKEN']).toBe('alpha-secret-value-1');
    expect(alphaEnv['FROM_ENV']).toBe(process.env['HOME']);
    const betaEnv = textOf(await c.pool.callTool('beta', 'env', {}));
    expect(betaEnv).not.toContain('alpha-secret-value-1');

    // Through the App API (what the UI and CLI show), the value is redacted.
    const shown = JSON.stringify(await c.api.callTool({ server: 'alpha', tool: 'env' }));
    expect(shown).not.toContain('alpha-secret-value-1');
    expect(shown).toContain('[redacted]');
    // mcp.json holds the reference, never the value.
    expect(JSON.stringify(c.registry.config())).not.toContain('alpha-secret-value-1');
  });

  it('names the server and the reference when a secret is missing', async () => {
    const c = await open();
    await c.api.addServer({ name: 'gamma', config: faultServer('normal', { KEY: '${secret:NOPE}' }) });
    await c.api.approveServer({ name: 'gamma' });
    await expect(c.pool.callTool('gamma', 'env', {})).rejects.toMatchObject({
      code: 'invalid_config',
      message: expect.stringContaining('Server "gamma"') as unknown,
    });
    await expect(c.pool.callTool('gamma', 'env', {})).rejects.toThrow('${secret:NOPE}');
  });

  it('lists secret names only, scoped or global, and deletes them', async () => {
    const c = await open();
    await c.api.setSecret({ name: 'GLOBAL_ONE', value: 'value-one-123' });
    await c.api.setSecret({ name: 'SCOPED', value: 'value-two-456', server: 'alpha' });
    const list = await c.api.listSecrets({});
    expect(list).toEqual(expect.arrayContaining([{ name: 'GLOBAL_ONE' }, { name: 'SCOPED', server: 'alpha' }]));
    expect(JSON.stringify(list)).not.toContain('value-');
    expect(await c.api.deleteSecret({ name: 'GLOBAL_ONE' })).toEqual({ deleted: true });
    expect(await c.vault.get(secretKey('GLOBAL_ONE'))).toBeUndefined();
    const status = await c.api.status({});
    expect(status.vault).toMatchObject({ provider: 'passphrase', persistent: true, safety: 'encrypted', state: 'ready' });
  });

  it('import moves literal secrets into the vault and writes references', async () => {
    const c = await open();
    const { writeFileSync } = await import('node:fs');
    const source = join(c.registry.dataDir, '..', 'cursor-mcp.json');
    writeFileSync(
      source,
      JSON.stringify({
        mcpServers: {
          gh: { command: 'npx', args: ['gh-server'], env: { GITHUB_TOKEN: 'ghp_literalsecret1234567890', LOG_LEVEL: 'debug' } },
          api: { url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer literal-bearer-abcdef123456' } },
        },
      }),
    );
    const report = await c.api.importConfig({ source: 'cursor', path: source });
    expect(report.added.map((a) => a.name).sort()).toEqual(['api', 'gh']);
    expect(report.secrets).toEqual(
      expect.arrayContaining([
        { server: 'gh', field: 'env.GITHUB_TOKEN', secret: 'GH_GITHUB_TOKEN' },
        { server: 'api', field: 'headers.Authorization', secret: 'API_AUTHORIZATION' },
      ]),
    );
    const config = c.registry.config().mcpServers;
    expect(config['gh']).toMatchObject({ env: { GITHUB_TOKEN: '${secret:GH_GITHUB_TOKEN}', LOG_LEVEL: 'debug' } });
    expect(config['api']).toMatchObject({ headers: { Authorization: 'Bearer ${secret:API_AUTHORIZATION}' } });
    // Kept for the server they came from, not for every server.
    expect(await c.vault.get(secretKey('GH_GITHUB_TOKEN', 'gh'))).toBe('ghp_literalsecret1234567890');
    expect(await c.vault.get(secretKey('API_AUTHORIZATION', 'api'))).toBe('literal-bearer-abcdef123456');
    expect(await c.vault.get(secretKey('GH_GITHUB_TOKEN'))).toBeUndefined();
    // Imported, the command and the URL that now sends a vault secret both wait for the person.
    const shown = (await c.api.status({})).servers;
    expect(shown.find((s) => s.name === 'gh')?.approval).toBe('pending');
    expect(shown.find((s) => s.name === 'api')).toMatchObject({
      approval: 'pending',
      commandLine: 'https://api.example.com/mcp  # sends ${secret:API_AUTHORIZATION} in header Authorization',
    });
  });

  it('refuses to import secrets it could only keep in memory, importing nothing', async () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'cs-core-')), 'home');
    core = await createCore({ dataDir, demo: false, env: {}, vaultProvider: 'memory' });
    const { writeFileSync } = await import('node:fs');
    const source = join(dataDir, '..', 'claude.json');
    writeFileSync(source, JSON.stringify({ mcpServers: { gh: { command: 'x', env: { GITHUB_TOKEN: 'ghp_literalsecret1234567890' } } } }));
    await expect(core.api.importConfig({ source: 'claude-desktop', path: source })).rejects.toMatchObject({ code: 'denied' });
    expect(core.registry.config().mcpServers).toEqual({});
  });
});
