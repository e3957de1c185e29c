import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { StdioServerConfig } from '../../shared/config';
import { ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const NAMED_TOOLS = fileURLToPath(new URL('../fixtures/servers/named-tools-server.ts', import.meta.url));
const server = (tools: Array<string | object>): StdioServerConfig => ({ command: process.execPath, args: tsEntry(NAMED_TOOLS), cwd: ROOT, env: { TOOL_NAMES: JSON.stringify(tools) } });

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// A server lists an output schema whose pattern backtracks without end on its own answer: checked in
// this process, it held every agent's calls to every server for minutes (30 letters: tens of seconds).
describe('a server whose output schema takes unbounded time to check its answer', () => {
  it('answers its call with a refusal within the budget, and another server is served meanwhile', async () => {
    const costly = { name: 'costly', description: 'costly', outputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } }, structuredContent: { s: `${'a'.repeat(30)}!` } };
    const h = await startBridge({ hostile: server([costly]), calm: server(['ping']) });
    open.push(h);
    await Promise.all([h.pool.start('hostile'), h.pool.start('calm')]);
    h.bridge.refresh();
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);

    const [refused, served] = await Promise.all([agent.client.callTool({ name: 'hostile__costly', arguments: {} }), agent.client.callTool({ name: 'calm__ping', arguments: {} })]);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    expect(firstText(refused)).toContain('it could not be checked within 2 s (the schema is too costly to check), so it is not passed on');
    expect(firstText(served)).toBe('called ping');
    // The schema is not run again: the next call is refused at once, the same way.
    expect(firstText(await agent.client.callTool({ name: 'hostile__costly', arguments: {} }))).toContain('could not be checked');
  }, 60_000);
});
