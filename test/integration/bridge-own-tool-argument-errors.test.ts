import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectModernAgent } from '../support/modern-agent';
import type { Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

type Answer = { isError?: boolean; content?: { type: string; text?: string }[]; _meta?: Record<string, unknown> };
type Caller = (name: string, args: Record<string, unknown>) => Promise<unknown>;

// MCP 2025-11-25 and 2026-07-28 server/tools §Error Handling: input validation errors are tool
// execution errors the model reads (isError); an unknown tool stays a protocol error (-32602).
describe("the bridge's own tools given arguments that do not fit, through serve, to unmodified SDK clients of both eras", () => {
  let served: Served;
  let token: string;
  beforeAll(async () => {
    served = await serveHoldingValue('ghp_own-tool-argument-errors-12345');
    token = await agentToken(served, 'fixer', { servers: ['everything'], toolMode: 'search', resourceTools: true });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  async function expectRefusals(callTool: Caller): Promise<void> {
    const cases: [string, Record<string, unknown>, string][] = [
      ['search_tools', { query: '' }, 'Fix query, then call search_tools again; it takes query (required), server, limit'],
      ['search_tools', { query: 'echo', limit: 'five' }, 'Fix limit, then call search_tools again'],
      ['call_read_tool', { arguments: {} }, 'Fix name, then call call_read_tool again'],
      ['read_resource', {}, 'Fix uri, then call read_resource again'],
    ];
    for (const [name, args, hint] of cases) {
      const answer = (await callTool(name, args)) as Answer;
      expect(answer.isError, name).toBe(true);
      expect(answer._meta?.['connected-services/error']).toMatchObject({ code: 'invalid_input', hint: expect.stringContaining(hint) as unknown });
      expect(answer.content?.[0]?.text).toContain(`What to do: ${hint}`);
    }
    await expect(callTool('no_such_tool', {})).rejects.toMatchObject({ code: -32602 });
  }

  it('2025-11-25: an SDK v1 client gets a result with isError and a hint naming what to fix', async () => {
    const client = new Client({ name: 'fixer', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      await expectRefusals((name, args) => client.callTool({ name, arguments: args }));
    } finally {
      await client.close();
    }
  }, 60_000);

  it('2026-07-28: an SDK v2 client gets the same', async () => {
    const modern = await connectModernAgent(served.bridge ?? '', token);
    try {
      expect(modern.client.getNegotiatedProtocolVersion()).toBe('2026-07-28');
      await expectRefusals((name, args) => modern.client.callTool({ name, arguments: args }));
    } finally {
      await modern.close();
    }
  }, 60_000);
});
