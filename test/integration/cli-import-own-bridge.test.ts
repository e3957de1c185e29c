import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

interface Report {
  added: { name: string }[];
  skipped: { name: string; from: string; reason: string }[];
}

// "Connect to Claude Code" writes the bridge into ~/.claude.json; importing it back would list the bridge as a service of itself.
// A vault that keeps the token: the entry runs our headers helper. One that cannot: the token is written in the entry.
const VAULTS = [
  { vault: 'a passphrase vault', env: { CONNECTED_SERVICES_PASSPHRASE: 'import-own-bridge' }, form: 'headersHelper' },
  { vault: 'a memory vault', env: { CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' }, form: 'headers' },
] as const;

describe.each(VAULTS)('import after agents connect, with $vault, through the built CLI', ({ env: vaultEnv, form }) => {
  it('leaves out the entry that calls our own bridge, says why, and imports a localhost server on another port', async () => {
    const dataDir = tempHome('cs-import-own-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { bridgePort: 47911 } }), { mode: 0o600 });
    const user = mkdtempSync(join(tmpdir(), 'cs-import-own-home-'));
    const file = join(user, '.claude.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { local: { type: 'http', url: 'http://127.0.0.1:8931/mcp' } } }));
    const env = { HOME: user, XDG_CONFIG_HOME: '', ...vaultEnv };

    expect((await runCli(dataDir, ['agents', 'add', 'Team Bot', '--servers', '*'], { env, timeoutMs: 60_000 })).code).toBe(0);
    const connected = await runCli(dataDir, ['agents', 'connect', 'Team Bot', '--client', 'claude-code'], { env, timeoutMs: 60_000 });
    expect(connected.code, connected.stderr).toBe(0);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { mcpServers: Record<string, Record<string, unknown>> };
    expect(written.mcpServers['connected-services-team-bot']).toMatchObject({ type: 'http', url: 'http://127.0.0.1:47911/mcp', [form]: expect.anything() as unknown });

    const imported = await runCli(dataDir, ['import', 'claude-code', '--path', file, '--json'], { env, timeoutMs: 60_000 });
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as Report;
    expect(report.added.map((a) => a.name)).toEqual(['local']);
    expect(report.skipped).toEqual([
      { name: 'connected-services-team-bot', from: expect.stringContaining(file) as string, reason: expect.stringContaining('this is Connected Services\' own bridge for agent "Team Bot"') as string },
    ]);
    const servers = JSON.parse(readFileSync(join(dataDir, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(servers.mcpServers)).toEqual(['local']);

    // The words a person reads in the terminal say it too.
    const again = await runCli(dataDir, ['import', 'claude-code', '--path', file], { env, timeoutMs: 60_000 });
    expect(again.stdout).toContain('skipped connected-services-team-bot: this is Connected Services\' own bridge for agent "Team Bot"');
  }, 180_000);
});
