import { chmodSync, existsSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { describe, expect, it } from 'vitest';
import { busyClaudeJson } from '../../../test/support/claude-json';
import { TOKEN_REMOVED } from './client-backups';
import { applyChange, planChange } from './client-writer';

const ENTRY = { container: 'mcpServers' as const, entry: { url: 'http://127.0.0.1:47781/mcp' } };

function cursorHome(text: string): { home: string; file: string } {
  const home = mkdtempSync(path.join(tmpdir(), 'cs-writer-'));
  mkdirSync(path.join(home, '.cursor'));
  const file = path.join(home, '.cursor', 'mcp.json');
  writeFileSync(file, text);
  return { home, file };
}

describe('applyChange', () => {
  it("refuses when the client rewrote its file after the new text was made, and keeps the client's write", async () => {
    const { home, file } = cursorHome('{"mcpServers": {}}\n');
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    writeFileSync(file, '{"mcpServers": {}, "theirs": 1}\n');
    await expect(applyChange(change, change.plan.base, 0)).rejects.toMatchObject({ code: 'invalid_input', message: `${file} changed since its diff was shown` });
    expect(readFileSync(file, 'utf8')).toBe('{"mcpServers": {}, "theirs": 1}\n');
    expect(readdirSync(path.dirname(file))).toEqual(['mcp.json']);
  });

  it("compares the file once more right before the rename: a client's write after the backup and temp is refused, not undone", async () => {
    const { home, file } = cursorHome('{"mcpServers": {}}\n');
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    // The client rewrites its file after our re-read, while the backup and temp are written.
    const beforeRename = () => writeFileSync(file, '{"mcpServers": {}, "theirs": 2}\n');
    await expect(applyChange(change, change.plan.base, 0, { beforeRename })).rejects.toMatchObject({ code: 'invalid_input', message: `${file} changed since its diff was shown` });
    expect(readFileSync(file, 'utf8')).toBe('{"mcpServers": {}, "theirs": 2}\n');
    expect(readdirSync(path.dirname(file)).filter((name) => name.includes('.tmp-'))).toEqual([]);
  });

  it.each([
    ['EFBIG', 'denied', /file size limit/],
    ['ENOSPC', 'server_unavailable', /the disk is full/],
  ])('words a write stopped by %s: which file and what to do, not an internal error', async (errno, code, why) => {
    const { home, file } = cursorHome('{"mcpServers": {}}\n');
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    const beforeRename = () => {
      throw Object.assign(new Error(`${errno}: it failed, write`), { code: errno });
    };
    const failure = applyChange(change, change.plan.base, 0, { beforeRename });
    await expect(failure).rejects.toMatchObject({ code, message: expect.stringMatching(why) as unknown, hint: expect.stringContaining(path.dirname(file)) as unknown });
    await expect(failure).rejects.toMatchObject({ message: expect.stringContaining(`Could not write ${file}: `) as unknown });
    expect(readFileSync(file, 'utf8')).toBe('{"mcpServers": {}}\n');
  });

  it('refuses a read-only client file, naming its mode, and leaves it as it was', async () => {
    const { home, file } = cursorHome('{"mcpServers": {}}\n');
    chmodSync(file, 0o444);
    await expect(planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} })).rejects.toMatchObject({
      code: 'denied',
      message: `${file} is read-only (mode 0444); it is not written`,
    });
    expect(readdirSync(path.dirname(file))).toEqual(['mcp.json']);
  });

  it('refuses when a file appeared where there was none', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-writer-'));
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    mkdirSync(path.join(home, '.cursor'));
    writeFileSync(path.join(home, '.cursor', 'mcp.json'), '{}');
    await expect(applyChange(change, change.plan.base, 0)).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('backs up the text the diff was made from, then writes the new one', async () => {
    const { home, file } = cursorHome('{"mcpServers": {}}\n');
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    const { backup } = await applyChange(change, change.plan.base, 0);
    expect(readFileSync(backup!, 'utf8')).toBe('{"mcpServers": {}}\n');
    expect(readFileSync(file)).toEqual(change.after);
  });

  it('writes a file holding bytes that are not UTF-8 (compared as bytes, not as decoded text), and backs up those bytes exactly', async () => {
    const old = Buffer.concat([Buffer.from('{"mcpServers": {}, "note": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n')]);
    const { home, file } = cursorHome('');
    writeFileSync(file, old);
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    const { backup } = await applyChange(change, change.plan.base, 0);
    expect(readFileSync(backup!)).toEqual(old);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ mcpServers: { 'connected-services-a1': ENTRY.entry } });
  });

  it('says how many names a file with hard links has: the write makes a new file, and the other name keeps the old text', async () => {
    const { home, file } = cursorHome('{"mcpServers": {}}\n');
    const other = path.join(home, 'linked-mcp.json');
    linkSync(file, other);
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    expect(change.plan.hardLinks).toBe(2);
    await applyChange(change, change.plan.base, 0);
    expect(readFileSync(other, 'utf8')).toBe('{"mcpServers": {}}\n');
    expect(statSync(file).nlink).toBe(1);
    const again = await planChange('cursor', 'a1', { remove: true }, { home, platform: 'linux', env: {} });
    expect(again.plan.hardLinks).toBeUndefined();
  });

  it('keeps no agent token in the backup of a file that held one (a disconnect leaves the token working)', async () => {
    const token = 'cs_agent_live0123456789abcdefghijklmnopqrstuvwxyzAB';
    const held = `{\n  "mcpServers": {\n    "mine": { "url": "https://mine.example" },\n    "connected-services-a1": { "headers": { "Authorization": "Bearer ${token}" } }\n  }\n}\n`;
    const { home, file } = cursorHome(held);
    const change = await planChange('cursor', 'a1', { remove: true }, { home, platform: 'linux', env: {} });
    const { backup } = await applyChange(change, change.plan.base, 0);
    const kept = readFileSync(backup!, 'utf8');
    expect(kept).not.toContain(token);
    expect(kept).toBe(held.replace(token, TOKEN_REMOVED));
    expect(statSync(backup!).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).not.toContain(token);
  });

  it('writes a file that began with a byte order mark back with it, after the same check, and backs it up with it', async () => {
    const { home, file } = cursorHome('\uFEFF{\n  "mcpServers": {}\n}\n');
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    const { backup } = await applyChange(change, change.plan.base, 0);
    expect(readFileSync(file)).toEqual(change.after);
    expect(change.after.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(readFileSync(backup!, 'utf8')).toBe('\uFEFF{\n  "mcpServers": {}\n}\n');
    expect(JSON.parse(change.after.toString('utf8').slice(1))).toEqual({ mcpServers: { 'connected-services-a1': ENTRY.entry } });
  });

  it("removes a temp copy a crashed write of ours left beside the file (it may hold a token), not a live writer's recent one", async () => {
    const { home, file } = cursorHome('{}');
    const now = Date.now();
    const stale = `${file}.tmp-4242-0123456789ab`;
    // A recent one of a live writer (this process) is still on its way to its rename.
    const recent = `${file}.tmp-${process.pid}-0123456789ab`;
    for (const leftover of [stale, recent]) writeFileSync(leftover, '{"mcpServers":{"a1":{"headers":{"Authorization":"Bearer cs_agent_x"}}}}');
    utimesSync(stale, (now - 120_000) / 1000, (now - 120_000) / 1000);
    const change = await planChange('cursor', 'a1', { connect: ENTRY, secrets: [] }, { home, platform: 'linux', env: {} });
    await applyChange(change, change.plan.base, now);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });

  it("connects Claude Code through a busy ~/.claude.json past 4 MiB: only the entry's lines change, and disconnecting gives it back byte for byte", async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-writer-'));
    const file = path.join(home, '.claude.json');
    const text = busyClaudeJson(5 * 1024 * 1024, { mine: { type: 'http', url: 'https://mine.example/mcp' } });
    writeFileSync(file, text);
    expect(statSync(file).size).toBeGreaterThan(5 * 1024 * 1024);
    const ctx = { home, platform: 'linux' as const, env: {} };
    const connect = await planChange('claude-code', 'a1', { connect: ENTRY, secrets: [] }, ctx);
    await applyChange(connect, connect.plan.base, 0);
    const written = readFileSync(file, 'utf8');
    const at = text.indexOf('"url": "https://mine.example/mcp"') + '"url": "https://mine.example/mcp"'.length;
    expect(written).toBe(`${text.slice(0, at)}\n    },\n    "connected-services-a1": {\n      "url": "http://127.0.0.1:47781/mcp"\n    }${text.slice(at + '\n    }'.length)}`);
    // Made from the changed part only, it is the whole file's diff (lines counted from the top).
    const whole = createTwoFilesPatch(file, file, text, written, undefined, undefined, { context: 3 });
    expect(connect.plan.diff).toBe(whole.slice(whole.indexOf('--- ')));
    expect(connect.plan.diff).toContain('@@ -13,6 +13,9 @@');
    const disconnect = await planChange('claude-code', 'a1', { remove: true }, ctx);
    await applyChange(disconnect, disconnect.plan.base, 1);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
