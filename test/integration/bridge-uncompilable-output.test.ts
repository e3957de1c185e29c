import { afterAll, describe, expect, it } from 'vitest';
import { firstText, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { bridgeWithAgent, namedTools } from '../support/named-tools-bridge';
const BROKEN = [
  { type: 'object', properties: { s: { type: 'string', pattern: '(' } } },
  { type: 'object', $ref: '#/nope' },
  { type: 'bogus' },
];

const open: Array<BridgeHarness | AgentClient> = [];
afterAll(async () => {
  for (const item of open.reverse()) await item.close();
});

// An SDK 1.x client compiles every listed outputSchema in listTools: one it cannot compile failed the
// whole listing, and the agent lost every server's tools, the healthy ones' too.
describe('a server listing tools whose output schema cannot be compiled', () => {
  it('has them listed without it, every other tool kept, says so once in the log, and calls them the server’s fault', async () => {
    const lines: string[] = [];
    const hostile = namedTools([
      { name: 'good', description: 'good', outputSchema: { type: 'object', properties: { n: { type: 'number' } } } },
      ...BROKEN.map((outputSchema, i) => ({ name: `badout${i}`, description: `badout${i}`, outputSchema })),
    ]);
    const { agent } = await bridgeWithAgent({ hostile, healthy: namedTools(['plain']) }, open, undefined, { log: (line) => lines.push(line) });
    const tools = new Map((await agent.client.listTools()).tools.map((t) => [t.name, t]));
    expect([...tools.keys()].sort()).toEqual(['healthy__plain', 'hostile__badout0', 'hostile__badout1', 'hostile__badout2', 'hostile__good']);
    expect(tools.get('hostile__good')?.outputSchema).toEqual({ type: 'object', properties: { n: { type: 'number' } } });
    for (const i of [0, 1, 2]) expect(tools.get(`hostile__badout${i}`)?.outputSchema).toBeUndefined();
    expect(firstText(await agent.client.callTool({ name: 'healthy__plain', arguments: {} }))).toBe('called plain');
    // Refused before it is sent: said to be the server's fault, not the agent's arguments'.
    const refused = await agent.client.callTool({ name: 'hostile__badout0', arguments: {} });
    expect(refused.isError).toBe(true);
    const text = firstText(refused);
    expect(text).toMatch(/^internal: "hostile" lists tool "badout0" with an output schema that cannot be compiled, so the call was not sent: Tool 'badout0' has an invalid outputSchema: Invalid regular expression/);
    expect(text).toContain("calling again will not help until its maintainers fix the tool's output schema");
    expect(text).not.toMatch(/fix the arguments/i);
    const said = lines.filter((line) => line.includes('output schema cannot be compiled'));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^\[hostile\] lists tools whose output schema cannot be compiled, agents are listed them without it, and their calls are refused before they are sent: "badout0" \(Invalid regular expression.*\), "badout1" \(can't resolve reference #\/nope.*\), "badout2" \(type must be JSONType.*\)$/);
  }, 60_000);
});
