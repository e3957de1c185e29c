import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { agentTokensIn, MAX_BACKUP_SCRUB_BYTES, scrubBackups, scrubClientBackups, TOKEN_REMOVED, withoutAgentTokenBytes, withAgentTokensBack, withoutAgentTokens, writeBackup } from './client-backups';
import { MAX_CLIENT_FILE_BYTES } from './client-file';

const TOKEN = 'cs_agent_AbC-123_xyzXYZ0987654321';
const WITH_TOKEN = `{\n  // mine\n  "mcpServers": {\n    "mine": { "env": { "API_KEY": "sk-mine" } },\n    "connected-services-a1": { "headers": { "Authorization": "Bearer ${TOKEN}" }, "env": { "CONNECTED_SERVICES_TOKEN": "${TOKEN}" } }\n  }\n}\n`;

function folder(): string {
  return mkdtempSync(path.join(tmpdir(), 'cs-backups-'));
}

describe('a client file as its backup keeps it', () => {
  it('takes out every agent token and nothing else', () => {
    const clean = withoutAgentTokens(WITH_TOKEN);
    expect(clean).not.toContain('cs_agent_');
    expect(clean).toBe(WITH_TOKEN.split(TOKEN).join(TOKEN_REMOVED));
    expect(clean).toContain('"API_KEY": "sk-mine"');
    expect(withoutAgentTokens('{"a": "no token"}')).toBe('{"a": "no token"}');
  });

  it('takes the same tokens out of the bytes as out of the text, and hands back the very bytes when there is none', () => {
    const text = `${WITH_TOKEN} é→ cs_agent_ "cs_agent_" cs_agent_cs_agent_a-b_c ${TOKEN}`;
    expect(withoutAgentTokenBytes(Buffer.from(text)).toString('utf8')).toBe(withoutAgentTokens(text));
    const none = Buffer.from('{"a": "cs_agent_"}');
    expect(withoutAgentTokenBytes(none)).toBe(none);
  });

  it('gives back the bytes it was made from once the tokens it took out are put back in order', () => {
    const bytes = Buffer.from(`${WITH_TOKEN} é→ cs_agent_ cs_agent_cs_agent_a-b_c cs_agent_second`);
    const tokens = agentTokensIn(bytes);
    expect(tokens).toEqual([TOKEN, TOKEN, 'cs_agent_cs_agent_a-b_c', 'cs_agent_second']);
    expect(withAgentTokensBack(withoutAgentTokenBytes(bytes), tokens).equals(bytes)).toBe(true);
    // A file that held the placeholder itself does not come back: callers compare hashes.
    const odd = Buffer.from(`${TOKEN_REMOVED} ${TOKEN}`);
    expect(withAgentTokensBack(withoutAgentTokenBytes(odd), agentTokensIn(odd)).equals(odd)).toBe(false);
  });

  it('is written 0600, never through a link already at its name', async () => {
    const dir = folder();
    const target = path.join(dir, 'mcp.json');
    const elsewhere = path.join(folder(), 'theirs');
    const first = await writeBackup(target, WITH_TOKEN, 0);
    symlinkSync(elsewhere, `${first}-1`);
    const second = await writeBackup(target, `${WITH_TOKEN} `, 0);
    expect(path.basename(first)).toBe('mcp.json.connected-services-backup-1970-01-01T00-00-00-000Z');
    expect(second).toBe(`${first}-2`);
    expect(() => statSync(elsewhere)).toThrow();
    for (const file of [first, second]) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
    }
  });
});

describe('backups made before tokens were kept out', () => {
  it('are rewritten without them (0600), the person’s content kept; other files and links are left alone', async () => {
    const dir = folder();
    const target = path.join(dir, 'mcp.json');
    const old = `${target}.connected-services-backup-2020-01-01T00-00-00-000Z`;
    writeFileSync(old, WITH_TOKEN, { mode: 0o644 });
    const clean = `${target}.connected-services-backup-2021-01-01T00-00-00-000Z`;
    writeFileSync(clean, '{}\n', { mode: 0o600 });
    const unrelated = path.join(dir, 'notes.txt');
    writeFileSync(unrelated, TOKEN);
    const outside = path.join(folder(), 'linked.json');
    writeFileSync(outside, WITH_TOKEN);
    symlinkSync(outside, `${target}.connected-services-backup-2022-01-01T00-00-00-000Z`);

    expect(await scrubBackups(target)).toEqual({ read: 2, rewritten: 1 });
    expect(readFileSync(old, 'utf8')).toBe(withoutAgentTokens(WITH_TOKEN));
    expect(statSync(old).mode & 0o777).toBe(0o600);
    expect(readFileSync(clean, 'utf8')).toBe('{}\n');
    expect(readFileSync(unrelated, 'utf8')).toBe(TOKEN);
    expect(readFileSync(outside, 'utf8')).toBe(WITH_TOKEN);
  });

  it('are scrubbed as bytes: a byte that is not UTF-8 is kept, and the next backup of those bytes is the same file', async () => {
    const dir = folder();
    const target = path.join(dir, 'mcp.json');
    const old = `${target}.connected-services-backup-2020-01-01T00-00-00-000Z`;
    const latin1 = Buffer.from([0x7b, 0x22, 0x6e, 0xe9, 0x22, 0x3a, 0x20, 0xff, 0x7d, 0x0a]);
    writeFileSync(old, Buffer.concat([latin1, Buffer.from(WITH_TOKEN)]));
    expect(await scrubBackups(target)).toEqual({ read: 1, rewritten: 1 });
    const clean = Buffer.concat([latin1, withoutAgentTokenBytes(Buffer.from(WITH_TOKEN))]);
    expect(readFileSync(old).equals(clean)).toBe(true);
    // Its listed hash is of its bytes: writeBackup finds it already holds them and writes no other.
    expect(await writeBackup(target, clean, Date.parse('2024-01-01T00:00:00Z'))).toBe(old);
    expect(readdirSync(dir).filter((name) => name.includes('-backup-'))).toEqual([path.basename(old)]);
  });

  it('belonging to another account are not rewritten', async () => {
    const dir = folder();
    const target = path.join(dir, 'mcp.json');
    const old = `${target}.connected-services-backup-2020-01-01T00-00-00-000Z`;
    writeFileSync(old, WITH_TOKEN);
    expect(await scrubBackups(target, statSync(old).uid + 1)).toEqual({ read: 0, rewritten: 0 });
    expect(readFileSync(old, 'utf8')).toBe(WITH_TOKEN);
  });

  it('are gone through for every client, beside each client file', async () => {
    const home = folder();
    mkdirSync(path.join(home, '.cursor'));
    mkdirSync(path.join(home, '.gemini'));
    const cursor = path.join(home, '.cursor', 'mcp.json.connected-services-backup-x');
    const claude = path.join(home, '.claude.json.connected-services-backup-x');
    const gemini = path.join(home, '.gemini', 'settings.json.connected-services-backup-x');
    for (const file of [cursor, claude, gemini]) writeFileSync(file, WITH_TOKEN);
    await scrubClientBackups({ home, platform: 'linux', env: {} });
    for (const file of [cursor, claude, gemini]) expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
    expect(readdirSync(path.join(home, '.cursor')).sort()).toEqual(['mcp.json.connected-services-backup-x', 'mcp.json.connected-services-backups.json']);
  });

  it('are scrubbed up to the bound client files had before, and beside a client file now too large to edit', async () => {
    const home = folder();
    mkdirSync(path.join(home, '.cursor'));
    // A client file over today's bound is not read, but its folder is where its backups are.
    const client = path.join(home, '.cursor', 'mcp.json');
    writeFileSync(client, '{}');
    truncateSync(client, MAX_CLIENT_FILE_BYTES + 1);
    const small = `${client}.connected-services-backup-2020-01-01T00-00-00-000Z`;
    writeFileSync(small, WITH_TOKEN);
    // One an earlier version made when files up to 256 MiB were edited (sparse: its size, not its disk).
    const large = `${client}.connected-services-backup-2021-01-01T00-00-00-000Z`;
    writeFileSync(large, WITH_TOKEN);
    truncateSync(large, MAX_CLIENT_FILE_BYTES + 1024);
    expect(MAX_BACKUP_SCRUB_BYTES).toBeGreaterThan(MAX_CLIENT_FILE_BYTES + 1024);
    try {
      await scrubClientBackups({ home, platform: 'linux', env: {} });
      expect(readFileSync(small, 'utf8')).toBe(withoutAgentTokens(WITH_TOKEN));
      const scrubbed = readFileSync(large);
      expect(scrubbed.subarray(0, 4096).toString('utf8')).not.toContain(TOKEN);
      expect(scrubbed.subarray(0, 4096).toString('utf8')).toContain(TOKEN_REMOVED);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
