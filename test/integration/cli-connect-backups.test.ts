import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

/** Every file below `dir` (links not followed). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(full);
    return entry.isFile() ? [full] : [];
  });
}

/** The files below any of `dirs` whose bytes hold `secret`. */
function holding(secret: string, ...dirs: string[]): string[] {
  return dirs.flatMap(filesUnder).filter((file) => readFileSync(file).includes(secret));
}

function backups(file: string): string[] {
  return readdirSync(dirname(file))
    .filter((name) => name.includes('.connected-services-backup-'))
    .map((name) => join(dirname(file), name));
}

const MINE = `{\n  "mcpServers": {\n    "mine": { "url": "https://mine.example/mcp", "headers": { "X-Team": "blue" } }\n  }\n}\n`;

describe('no client file, backup or data file keeps an agent token it no longer needs', () => {
  /** A vault no helper can open: the token itself is written into the client's file. */
  const setUp = async (agent: string) => {
    const dataDir = tempHome('cs-backup-data-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    const home = mkdtempSync(join(tmpdir(), 'cs-backup-home-'));
    const file = join(home, '.cursor', 'mcp.json');
    mkdirSync(dirname(file));
    writeFileSync(file, MINE, { mode: 0o600 });
    const env = { HOME: home, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    expect((await runCli(dataDir, ['agents', 'add', agent, '--servers', '*'], { env })).code).toBe(0);
    const connected = await runCli(dataDir, ['agents', 'connect', agent, '--client', 'cursor'], { env });
    expect(connected.code, connected.stderr).toBe(0);
    const token = /Bearer (cs_agent_[A-Za-z0-9_-]+)/.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
    expect(token).not.toBe('');
    return { dataDir, home, file, env, token };
  };

  it('connect, then disconnect: the token (still working) is in no file under the client folder or the data folder', async () => {
    const { dataDir, home, file, env, token } = await setUp('gone');
    // Connecting another agent backs up a file that holds this one's token: the backup does not.
    expect((await runCli(dataDir, ['agents', 'add', 'other', '--servers', '*'], { env })).code).toBe(0);
    const other = await runCli(dataDir, ['agents', 'connect', 'other', '--client', 'cursor'], { env });
    expect(other.code, other.stderr).toBe(0);
    expect(backups(file).filter((backup) => readFileSync(backup, 'utf8').includes('cs_agent_'))).toEqual([]);
    // A backup as an earlier version kept it: the whole file, token and all.
    const legacy = `${file}.connected-services-backup-2020-01-01T00-00-00-000Z`;
    copyFileSync(file, legacy);
    expect(holding(token, home)).toEqual([file, legacy].sort());

    const result = await runCli(dataDir, ['agents', 'disconnect', 'gone', '--client', 'cursor'], { env });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).not.toContain('connected-services-gone');
    expect(holding(token, home, dataDir)).toEqual([]);
    expect(holding('cs_agent_', dirname(file))).toEqual([file]);
    const kept = backups(file);
    // Connecting each agent, the earlier version's, and the disconnect.
    expect(kept.length).toBe(4);
    for (const backup of kept) {
      expect(statSync(backup).mode & 0o777).toBe(0o600);
      // The person's own entry is kept in every backup, as it was.
      expect(readFileSync(backup, 'utf8')).toContain('"mine": { "url": "https://mine.example/mcp", "headers": { "X-Team": "blue" } }');
    }
  });

  it('a new token, or the agent removed, takes the old one out of backups made before', async () => {
    for (const change of [['agents', 'rotate', 'old'], ['agents', 'remove', 'old']]) {
      const { dataDir, file, env, token } = await setUp('old');
      const legacy = `${file}.connected-services-backup-2020-01-01T00-00-00-000Z`;
      copyFileSync(file, legacy);
      const result = await runCli(dataDir, change, { env });
      expect(result.code, result.stderr).toBe(0);
      expect(holding(token, dirname(file))).toEqual([file]);
      expect(readFileSync(legacy, 'utf8')).toContain('"mine": { "url": "https://mine.example/mcp"');
      expect(statSync(legacy).mode & 0o777).toBe(0o600);
      expect(holding(token, dataDir)).toEqual([]);
    }
  });
});
