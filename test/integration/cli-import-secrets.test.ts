import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'import-secrets-test', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

/** The shapes `servers add` refuses, in a Claude Desktop file: import judges them alike (SECURITY.md, "nothing is written in clear"). */
const CLAUDE_DESKTOP = {
  mcpServers: {
    db: {
      command: 'npx',
      args: ['-y', 'some-mcp', '--api-key', 'sk-ant-api03-AAAAbbbbCCCCddddEEEE1234', '--password=hunter2'],
      env: { DATABASE_URL: 'postgres://admin:Hunter2Passw0rd@db.internal:5432/prod', DB_PASS: 'hunter2', PGPASS: 's3cret!' },
    },
    remote: { type: 'http', url: 'https://mcp.example.com/mcp?api_key=AAAAbbbbCCCCddddEEEE1234' },
  },
};

describe('import of secrets in clear, through the built CLI', () => {
  it('moves env, argument and URL query secrets into the vault', async () => {
    const home = await passphraseHome(ENV, 'cs-import-secrets-');
    const file = join(home, '..', 'claude_desktop_config.json');
    writeFileSync(file, JSON.stringify(CLAUDE_DESKTOP));

    const run = await runCli(home, ['import', 'claude-desktop', '--path', file], { env: ENV });
    expect(run.code, run.stderr).toBe(0);
    for (const field of ['env.DATABASE_URL', 'env.DB_PASS', 'env.PGPASS', 'args.3', 'args.4']) expect(run.stdout).toContain(`moved   db ${field} into the vault`);
    expect(run.stdout).toContain('moved   remote url.api_key into the vault');
    expect(run.stdout).not.toContain('in clear');
    expect(run.stdout).toContain('2 added, 0 skipped.');

    const written = readFileSync(join(home, 'mcp.json'), 'utf8');
    expect(written).not.toMatch(/hunter2|Hunter2Passw0rd|s3cret|sk-ant-api03|AAAAbbbb/);
    expect(written).toContain('"url": "https://mcp.example.com/mcp?api_key=${secret:REMOTE_API_KEY}"');
    const db = (JSON.parse(written) as { mcpServers: Record<string, { args?: string[]; env?: Record<string, string> }> }).mcpServers['db'];
    expect(db?.args?.slice(3)).toEqual(['${secret:DB_API-KEY}', '--password=${secret:DB_PASSWORD}']);
    expect(db?.env).toEqual({ DATABASE_URL: '${secret:DB_DATABASE_URL}', DB_PASS: '${secret:DB_PASS}', PGPASS: '${secret:DB_PGPASS}' });

    const secrets = await runCli(home, ['secrets', 'list'], { env: ENV });
    for (const name of ['DB_API-KEY', 'DB_PASSWORD', 'DB_DATABASE_URL', 'DB_PASS', 'DB_PGPASS']) expect(secrets.stdout).toContain(name);
  }, 90_000);

  // A case twin of a configured server is skipped by the merge: its secret must not stay behind in the vault.
  it('moves no secret of an entry the merge skips', async () => {
    const home = await passphraseHome(ENV, 'cs-import-skipped-secret-');
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { GitHub: { command: 'node', args: ['gh.mjs'] } } }));
    const file = join(home, '..', 'skipped_config.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { github: { command: 'node', args: ['gh.mjs'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: 'ghp_0123456789abcdefABCDEF0123456789abcd' } } } }));

    const run = await runCli(home, ['import', 'claude-desktop', '--path', file], { env: ENV });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('"GitHub" is configured, which differs only in case');
    expect(run.stdout).toContain('0 added, 1 skipped.');
    expect(run.stdout).not.toContain('into the vault');

    const secrets = await runCli(home, ['secrets', 'list', '--json'], { env: ENV });
    expect(secrets.code, secrets.stderr).toBe(0);
    expect(secrets.stdout).not.toContain('GITHUB_PERSONAL_ACCESS_TOKEN');
  }, 90_000);
});
