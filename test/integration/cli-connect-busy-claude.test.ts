import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { busyClaudeJson } from '../support/claude-json';
import { runCli, tempHome } from '../support/cli';

/** Claude Code keeps every project's history in ~/.claude.json: a busy one is far past the few kilobytes of other clients' files. */
describe('agents connect with a busy ~/.claude.json', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = tempHome('cs-connect-busy-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    expect((await runCli(dataDir, ['agents', 'add', 'bot', '--servers', '*'], { env: { CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' } })).code).toBe(0);
  }, 60_000);

  it('connects and disconnects through a 6 MiB file, every other byte of it kept', async () => {
    const user = mkdtempSync(join(tmpdir(), 'cs-busy-home-'));
    const file = join(user, '.claude.json');
    const text = busyClaudeJson(6 * 1024 * 1024);
    writeFileSync(file, text);
    const env = { HOME: user, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    const connected = await runCli(dataDir, ['agents', 'connect', 'bot', '--client', 'claude-code'], { env, timeoutMs: 60_000 });
    expect(connected.code, connected.stderr).toBe(0);
    const written = readFileSync(file, 'utf8');
    const config = JSON.parse(written) as { mcpServers: Record<string, unknown>; projects: Record<string, unknown> };
    expect(Object.keys(config.mcpServers)).toEqual(['connected-services-bot']);
    expect(Object.keys(config.projects)).toEqual(Object.keys((JSON.parse(text) as { projects: object }).projects));
    // Only the entry's lines are new: the diff printed is a few lines, not the file.
    expect(connected.stdout.split('\n').length).toBeLessThan(60);
    const disconnected = await runCli(dataDir, ['agents', 'disconnect', 'bot', '--client', 'claude-code'], { env, timeoutMs: 60_000 });
    expect(disconnected.code, disconnected.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  }, 120_000);
});
