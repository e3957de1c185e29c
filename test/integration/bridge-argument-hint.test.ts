import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';

// A call whose arguments the server rejects is the agent's to fix: its hint said "ask the person to
// do this in Connected Services: … `connected-services tools …`", a command the agent cannot run and
// the person need not. It says to fix the arguments against the schema the agent was given.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
let h: BridgeHarness;

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
}, 60_000);

afterAll(async () => {
  await h.close();
});

describe('arguments the server rejects', () => {
  it("tell the agent to fix its arguments against the tool's schema, not to ask the person", async () => {
    const { token } = await h.bridge.agents.add('fixer', { servers: ['*'], policy: ALLOW_ALL });
    const client = new Client({ name: 'fixer', version: '1' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${h.bridge.port}/mcp`), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    try {
      const result = await client.callTool({ name: 'everything__echo', arguments: {} });
      expect(result.isError).toBe(true);
      const text = (result.content as Array<{ text: string }>)[0]?.text ?? '';
      expect(text).toMatch(/^invalid_input: "everything" rejected the arguments of tool "echo": /);
      expect(text).toContain("What to do: Fix the arguments to fit the tool's input schema (tools/list or search_tools shows it), then call again");
      expect(text).not.toContain('connected-services tools');
      expect(text).not.toContain('Ask the person');
    } finally {
      await client.close();
    }
  }, 60_000);
});
