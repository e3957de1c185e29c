import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { faultServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

// An agent hears a service's own JSON-RPC error in the service's words, as the service's failure.
let h: BridgeHarness;
let agent: AgentClient;
const WORDS = 'quota exceeded for API_KEY=[redacted] (try tomorrow)';

beforeAll(async () => {
  h = await startBridge({ fault: faultServer('normal', { SERVER_ERROR: '1' }) });
  await h.pool.start('fault');
  h.bridge.refresh();
  const { token } = await h.bridge.agents.add('agent', { servers: ['fault'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  agent = await connectAgent(h.bridge.url, token);
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await h?.close();
});

describe("a service's own JSON-RPC error, through the bridge", () => {
  it('is a tool result saying server_unavailable with its message, audited with that code', async () => {
    const result = (await agent.client.callTool({ name: 'fault__server-error', arguments: {} })) as CallToolResult;
    expect(result.isError).toBe(true);
    const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
    expect(text).toMatch(new RegExp(`^server_unavailable: "fault" answered with an error during tool "server-error": ${WORDS.replace(/[()[\]]/g, '\\$&')}\n`));
    expect(result._meta?.['connected-services/error']).toMatchObject({ code: 'server_unavailable', server: 'fault' });
    const entries = await h.bridge.audit.read({ outcome: 'error' });
    expect(entries.find((e) => e.tool === 'server-error')).toMatchObject({ server: 'fault', errorCode: 'server_unavailable' });
  });

  it("is a JSON-RPC error -32013 to a prompt or a read, the service's words in its message", async () => {
    for (const asked of [agent.client.getPrompt({ name: 'fault__server-error' }), agent.client.readResource({ uri: 'fixture://server-error' })]) {
      const error = await asked.then(() => undefined, (e: unknown) => e as { code?: unknown; message?: unknown; data?: unknown });
      expect(error?.code).toBe(-32013);
      expect(String(error?.message)).toContain(`"fault" answered with an error during `);
      expect(String(error?.message)).toContain(WORDS);
      expect(error?.data).toMatchObject({ code: 'server_unavailable', server: 'fault' });
    }
  });
});
