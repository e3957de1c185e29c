import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { planImport } from './import-plan';

function claudeCode(servers: Record<string, unknown>, bridgePorts: number[] = [47781]) {
  const dir = mkdtempSync(join(tmpdir(), 'cs-import-own-'));
  const file = join(dir, '.claude.json');
  writeFileSync(file, JSON.stringify({ mcpServers: servers }));
  return { file, ctx: { homeDir: dir, platform: 'linux' as const, env: {}, cwd: dir, ownBridge: { ports: bridgePorts, tokenAgent: (token: string) => (token === 'cs_agent_z' ? 'Z Bot' : undefined) } } };
}

const HELPER = "connected-services bridge headers --agent 'my agent'";

describe('planImport: the app\'s own bridge', () => {
  it('skips the entry `agents connect` writes for Claude Code, naming the agent, and keeps a localhost server on another port', async () => {
    const { file, ctx } = claudeCode({
      'connected-services-my-agent': { type: 'http', url: 'http://127.0.0.1:47781/mcp', headersHelper: HELPER },
      local: { type: 'http', url: 'http://127.0.0.1:8931/mcp' },
    });
    const plan = await planImport('claude-code', file, ctx);
    expect(plan.candidates.map((c) => [c.name, c.config])).toEqual([['local', { type: 'http', url: 'http://127.0.0.1:8931/mcp' }]]);
    expect(plan.skipped).toEqual([
      { name: 'connected-services-my-agent', from: expect.stringContaining(file) as string, reason: expect.stringContaining('this is Connected Services\' own bridge for agent "my agent"') as string },
    ]);
  });

  it('skips our entry on a free port the bridge took, a token entry, and a stdio helper', async () => {
    const { file, ctx } = claudeCode({
      'connected-services-a': { type: 'http', url: 'http://127.0.0.1:40123/mcp', headers: { Authorization: 'Bearer cs_x' } },
      'connected-services-b': { type: 'stdio', command: 'connected-services', args: ['bridge', '--stdio', '--agent', 'b'] },
    });
    const plan = await planImport('claude-code', file, ctx);
    expect(plan.candidates).toEqual([]);
    expect(plan.skipped.map((s) => [s.name, s.reason.split(',')[0]])).toEqual([
      ['connected-services-a', 'this is Connected Services\' own bridge for agent "a"'],
      ['connected-services-b', 'this is Connected Services\' own bridge for agent "b"'],
    ]);
  });

  it('skips any entry calling the bridge\'s port, whatever its name or host spelling', async () => {
    const { file, ctx } = claudeCode({ renamed: { url: 'http://localhost:47781/mcp' }, other: { url: 'http://[::1]:40123/x' } }, [47781, 40123]);
    const plan = await planImport('cursor', file, ctx);
    expect(plan.candidates).toEqual([]);
    expect(plan.skipped.map((s) => s.name)).toEqual(['renamed', 'other']);
    expect(plan.skipped[0]?.reason).toMatch(/^this is Connected Services' own bridge, not a service/);
  });

  it('skips a local entry sending one of our agents\' tokens, whatever its name and port, and keeps one sending another token', async () => {
    const { file, ctx } = claudeCode({
      pasted: { type: 'http', url: 'http://127.0.0.1:40999/mcp', headers: { authorization: 'Bearer cs_agent_z' } },
      theirs: { type: 'http', url: 'http://127.0.0.1:40999/mcp', headers: { Authorization: 'Bearer sk-other' } },
    });
    const plan = await planImport('claude-code', file, ctx);
    expect(plan.candidates.map((c) => c.name)).toEqual(['theirs']);
    expect(plan.skipped.map((s) => [s.name, s.reason.split(',')[0]])).toEqual([['pasted', 'this is Connected Services\' own bridge for agent "Z Bot"']]);
  });

  it('keeps a server that is not ours: another port, another host, our prefix on a command of its own', async () => {
    const { file, ctx } = claudeCode({
      'connected-services-like': { type: 'stdio', command: 'npx', args: ['some-server'] },
      remote: { type: 'http', url: 'https://example.com:47781/mcp' },
      near: { type: 'http', url: 'http://127.0.0.1:47782/mcp' },
    });
    const plan = await planImport('claude-code', file, ctx);
    expect(plan.candidates.map((c) => c.name)).toEqual(['connected-services-like', 'remote', 'near']);
    expect(plan.skipped).toEqual([]);
  });
});
