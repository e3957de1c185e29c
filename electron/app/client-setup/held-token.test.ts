import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { busyClaudeJson } from '../../../test/support/claude-json';
import { AgentStore } from '../../bridge';
import { MAX_CLIENT_FILE_BYTES } from './client-file';
import { heldToken } from './held-token';

async function setUp(): Promise<{ home: string; agents: AgentStore; token: string; entry: Record<string, unknown> }> {
  const home = mkdtempSync(path.join(tmpdir(), 'cs-held-'));
  const agents = AgentStore.open({ dataDir: mkdtempSync(path.join(tmpdir(), 'cs-held-data-')) });
  const { token } = await agents.add('a1', { servers: [] });
  return { home, agents, token, entry: { 'connected-services-a1': { type: 'http', url: 'http://127.0.0.1:47781/mcp', headers: { Authorization: `Bearer ${token}` } } } };
}

const ctx = (home: string) => ({ home, platform: 'linux' as const, env: {} });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('heldToken', () => {
  it("finds the agent's token in a busy ~/.claude.json without parsing the file whole", async () => {
    const { home, agents, token, entry } = await setUp();
    const text = busyClaudeJson(2 * 1024 * 1024, entry);
    writeFileSync(path.join(home, '.claude.json'), text);
    const parse = vi.spyOn(JSON, 'parse');
    expect(await heldToken('a1', 'cursor', agents, ctx(home))).toBe(token);
    const longest = Math.max(0, ...parse.mock.calls.map(([arg]) => (typeof arg === 'string' ? arg.length : 0)));
    // Only the servers' own text (and keys) is parsed: far less than the file.
    expect(longest).toBeGreaterThan(0);
    expect(longest).toBeLessThan(1024);
  });

  it('refuses a client file past the bound every client file is read within, even one that holds the token', async () => {
    const { home, agents, entry } = await setUp();
    const head = Buffer.from(`${JSON.stringify({ mcpServers: entry })}\n`);
    const fd = openSync(path.join(home, '.claude.json'), 'w');
    try {
      writeSync(fd, head);
      // Blank after the object is still JSON: only the bound keeps the token from being read.
      const blank = Buffer.alloc(4 * 1024 * 1024, 0x20);
      for (let size = head.length; size <= MAX_CLIENT_FILE_BYTES; size += blank.length) writeSync(fd, blank);
    } finally {
      closeSync(fd);
    }
    expect(await heldToken('a1', 'cursor', agents, ctx(home))).toBeUndefined();
    rmSync(home, { recursive: true, force: true });
  });

  it("takes no token that is not the agent's (rotated since), nor one from the client being connected", async () => {
    const { home, agents, token, entry } = await setUp();
    writeFileSync(path.join(home, '.claude.json'), JSON.stringify({ mcpServers: entry }));
    expect(await heldToken('a1', 'claude-code', agents, ctx(home))).toBeUndefined();
    await agents.rotate('a1');
    expect(await heldToken('a1', 'cursor', agents, ctx(home))).toBeUndefined();
    expect(token).toMatch(/^cs_agent_/);
  });
});
