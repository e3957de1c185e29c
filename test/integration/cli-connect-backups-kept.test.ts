import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const MINE = `{\n  "mcpServers": {\n    "mine": { "url": "https://mine.example/mcp" }\n  }\n}\n`;

function backups(file: string): string[] {
  return readdirSync(dirname(file))
    .filter((name) => name.startsWith(`${file.slice(dirname(file).length + 1)}.connected-services-backup-`))
    .map((name) => join(dirname(file), name));
}

function tokenIn(file: string): string {
  return /Bearer (cs_agent_[A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
}

describe('the backups beside a client file, connected and disconnected again and again', () => {
  it('stay five at most, gain none that would repeat the newest, and keep no token after a disconnect', async () => {
    const dataDir = tempHome('cs-kept-data-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    const home = mkdtempSync(join(tmpdir(), 'cs-kept-home-'));
    const file = join(home, '.cursor', 'mcp.json');
    mkdirSync(dirname(file));
    writeFileSync(file, MINE, { mode: 0o600 });
    // A vault no helper can open: the token itself is written into the client's file.
    const env = { HOME: home, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    const cli = async (...args: string[]): Promise<void> => {
      const result = await runCli(dataDir, args, { env });
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    };
    await cli('agents', 'add', 'bot', '--servers', '*');

    const tokens: string[] = [];
    for (let round = 0; round < 4; round += 1) {
      await cli('agents', 'connect', 'bot', '--client', 'cursor');
      tokens.push(tokenIn(file));
      await cli('agents', 'disconnect', 'bot', '--client', 'cursor');
      // Eight changes, eight backups made: the oldest go.
      expect(backups(file).length).toBe(Math.min(5, 2 * (round + 1)));
    }
    expect(tokens.every((token) => token !== '')).toBe(true);
    const kept = backups(file);
    for (const backup of kept) {
      const text = readFileSync(backup, 'utf8');
      expect(text).not.toContain('cs_agent_');
      expect(text).toContain('"mine": { "url": "https://mine.example/mcp" }');
    }
    expect(readdirSync(dirname(file)).sort()).toEqual(['mcp.json', 'mcp.json.connected-services-backups.json', ...kept.map((backup) => backup.slice(dirname(file).length + 1))].sort());

    // A new token each time: the file before each connect differs from the last only by its token, which no backup keeps.
    await cli('agents', 'connect', 'bot', '--client', 'cursor');
    const before = new Set(backups(file));
    for (let round = 0; round < 2; round += 1) {
      await cli('agents', 'rotate', 'bot');
      await cli('agents', 'connect', 'bot', '--client', 'cursor');
    }
    const added = backups(file).filter((backup) => !before.has(backup));
    expect(added).toHaveLength(1);
    const last = tokenIn(file);
    await cli('agents', 'disconnect', 'bot', '--client', 'cursor');
    for (const backup of backups(file)) expect(readFileSync(backup, 'utf8')).not.toContain(last);
    expect(backups(file).length).toBe(5);
  }, 180_000);
});
