import { afterAll, describe, expect, it } from 'vitest';
import { firstText, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { bridgeWithAgent, namedTools } from '../support/named-tools-bridge';

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// A server lists an output schema whose pattern backtracks without end on its own answer: checked in
// this process, it held every agent's calls to every server for minutes (30 letters: tens of seconds).
describe('a server whose output schema takes unbounded time to check its answer', () => {
  it('answers its call with a refusal within the budget, and another server is served meanwhile', async () => {
    const costly = { name: 'costly', description: 'costly', outputSchema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } }, structuredContent: { s: `${'a'.repeat(30)}!` } };
    const { agent } = await bridgeWithAgent({ hostile: namedTools([costly]), calm: namedTools(['ping']) }, open);

    const [refused, served] = await Promise.all([agent.client.callTool({ name: 'hostile__costly', arguments: {} }), agent.client.callTool({ name: 'calm__ping', arguments: {} })]);
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toBeUndefined();
    expect(firstText(refused)).toContain('it could not be checked within 2 s (the schema is too costly to check), so it is not passed on');
    expect(firstText(served)).toBe('called ping');
    // The schema is not run again: the next call is refused at once, the same way.
    expect(firstText(await agent.client.callTool({ name: 'hostile__costly', arguments: {} }))).toContain('could not be checked');
  }, 60_000);
});
