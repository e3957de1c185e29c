import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

/** Each client's file under the home folder, for the clients connected at once here. */
const FILES = { cursor: '.cursor/mcp.json', windsurf: '.codeium/windsurf/mcp_config.json', 'claude-desktop': '.config/Claude/claude_desktop_config.json' } as const;
type Client = keyof typeof FILES;
const CLIENTS = Object.keys(FILES) as Client[];

const TOKEN = /cs_agent_[A-Za-z0-9_-]+/g;

async function agentWithHome(env: Record<string, string>): Promise<{ dataDir: string; user: string }> {
  const dataDir = tempHome('cs-same-agent-');
  const user = mkdtempSync(join(tmpdir(), 'cs-same-agent-home-'));
  const added = await runCli(dataDir, ['agents', 'add', 'a1', '--servers', '*'], { env: { ...env, HOME: user } });
  expect(added.code, added.stderr).toBe(0);
  return { dataDir, user };
}

/** `bridge headers` prints the kept token only if the store takes it as the agent's. */
async function keptTokenWorks(dataDir: string, env: Record<string, string>): Promise<boolean> {
  const headers = await runCli(dataDir, ['bridge', 'headers', '--agent', 'a1'], { env, timeoutMs: 30_000 });
  return headers.code === 0 && /^\{"Authorization":"Bearer cs_agent_/.test(headers.stdout);
}

/**
 * `agents connect` of one agent to several clients at once, each a process of its own: they take turns
 * (connect-a1.lock in the data folder), so each finds the token the one before wrote or kept instead of
 * giving the agent another; every file ends valid and naming one token that works.
 */
describe('agents connect of one agent from several processes at once', () => {
  it('with the token written into the files: every file holds the same working token', async () => {
    // No keychain and no passphrase: the vault is in memory, so the token itself goes into each file.
    const env = { DBUS_SESSION_BUS_ADDRESS: '', CONNECTED_SERVICES_PASSPHRASE: '', XDG_CONFIG_HOME: '' };
    const { dataDir, user } = await agentWithHome(env);
    const home = { ...env, HOME: user };
    // Files of a few MB (as a busy client keeps): each connect reads, backs up and writes for a while,
    // long enough for another to look for the agent's token meanwhile.
    for (const client of CLIENTS) {
      mkdirSync(dirname(join(user, FILES[client])), { recursive: true });
      writeFileSync(join(user, FILES[client]), JSON.stringify({ mcpServers: { mine: { command: 'x', args: ['y'.repeat(3_000_000)] } } }));
    }
    const results = await Promise.all(CLIENTS.map((client) => runCli(dataDir, ['agents', 'connect', 'a1', '--client', client], { env: home, timeoutMs: 90_000 })));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    const named = new Set<string>();
    for (const client of CLIENTS) {
      const text = readFileSync(join(user, FILES[client]), 'utf8');
      const config = JSON.parse(text) as { mcpServers: Record<string, unknown> };
      expect(Object.keys(config.mcpServers)).toEqual(['mine', 'connected-services-a1']);
      for (const token of text.match(TOKEN) ?? []) named.add(token);
    }
    expect(named.size).toBe(1);
    // The one token works: given as the agent's own, it is taken (a token not the agent's is refused).
    const check = await runCli(dataDir, ['agents', 'connect', 'a1', '--client', 'gemini-cli', '--token-stdin'], { env: home, input: [...named][0]!, timeoutMs: 30_000 });
    expect(check.stderr).not.toContain('does not belong');
    expect(check.code, check.stderr).toBe(0);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('connect-'))).toEqual([]);
  }, 240_000);

  it('with the token kept in the vault: the vault keeps the one that works, and no file holds one', async () => {
    const env = { CONNECTED_SERVICES_PASSPHRASE: 'same agent passphrase', XDG_CONFIG_HOME: '' };
    const { dataDir, user } = await agentWithHome(env);
    const home = { ...env, HOME: user };
    mkdirSync(join(user, '.cursor'));
    const results = await Promise.all(CLIENTS.map((client) => runCli(dataDir, ['agents', 'connect', 'a1', '--client', client], { env: home, timeoutMs: 90_000 })));
    for (const result of results) expect(result.code, result.stderr).toBe(0);
    // One connect gave the agent a new token; the others found it kept and used it.
    expect(results.filter((r) => r.stderr.includes('a1 has a new token')).length).toBe(1);
    for (const client of CLIENTS) {
      const text = readFileSync(join(user, FILES[client]), 'utf8');
      expect(Object.keys((JSON.parse(text) as { mcpServers: Record<string, unknown> }).mcpServers)).toEqual(['connected-services-a1']);
      expect(text).not.toMatch(TOKEN);
    }
    expect(await keptTokenWorks(dataDir, home)).toBe(true);
  }, 240_000);
});
