import os from 'node:os';
import path from 'node:path';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { ElicitRequestParams } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ASK_BYTES } from '../../electron/bridge/input-rounds';
import { askingServer } from '../fixtures/servers/config';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { startServe, type Served } from '../support/serve';

// A server's request during a 2026-07-28 agent's call is held whole for the retry window;
// one past the per-ask bound is refused to the server with why, and never put to the agent.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
let home = '';
let served: Served;
let agent: ModernAgent;
const elicited: ElicitRequestParams[] = [];

beforeAll(async () => {
  home = await mkdtemp(path.join(os.tmpdir(), 'cs-held-asks-'));
  await writeFile(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: { asking: askingServer() } }));
  served = await startServe(home, [], { CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' });
  expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
  const added = await served.api('addAgent', { name: 'asked', servers: ['asking'], policy: ALLOW_ALL });
  const token = (added.body.result as { token: string }).token;
  agent = await connectModernAgent(served.bridge ?? '', token, { pin: '2026-07-28' }, { capabilities: { elicitation: { form: {} } } });
  agent.client.setRequestHandler('elicitation/create', (request) => {
    elicited.push(request.params);
    return { action: 'accept', content: { reply: 'yes' } };
  });
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await served?.stop();
  await rm(home, { recursive: true, force: true });
});

const textOf = (result: unknown): string => JSON.stringify(result);

describe("a server's request too large to hold for the agent", () => {
  it('is refused to the server with the bound, never put to the agent; one within it is', async () => {
    const small = await agent.client.callTool({ name: 'asking__ask-for', arguments: { who: 'me' } });
    expect(elicited.map((p) => p.message)).toEqual(['for me']);
    expect(small.isError).not.toBe(true);

    // Past the bound as a whole, within each of the view's bounds (a message up to 4,000 characters, a form's schema up to 64 Ki).
    const large = await agent.client.callTool({ name: 'asking__ask-for', arguments: { who: 'y'.repeat(3_000), note: 'n'.repeat(MAX_ASK_BYTES - 2_048) } }).catch((error: unknown) => error);
    expect(textOf(large)).toContain('64 KiB');
    expect(elicited).toHaveLength(1);
  }, 60_000);

  it('a message longer than the view shows reaches the agent cut as the person would see it, not whole', async () => {
    const long = await agent.client.callTool({ name: 'asking__ask-for', arguments: { who: 'x'.repeat(MAX_ASK_BYTES + 1024) } });
    expect(long.isError).not.toBe(true);
    const message = elicited.at(-1)?.message ?? '';
    expect(message.startsWith('for xxx')).toBe(true);
    expect(message).toMatch(/^.{4000}\[cut: \d+ more characters\]$/s);
  }, 60_000);
});
