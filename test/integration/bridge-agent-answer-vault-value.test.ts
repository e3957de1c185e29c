import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { connectModernAgent } from '../support/modern-agent';
import { type Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

// An agent's answer to a server's elicitation is checked before it reaches the server: unchecked, it was a way past the hold for a vault value.
const VALUE = 'ghp_agent-answer-vault-value-4242';
const textOf = (r: unknown): string => ((r as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

describe("an agent's elicitation answer holding a vault value, from server-everything", () => {
  let served: Served;
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    served = await serveHoldingValue(VALUE);
    for (const name of ['legacy', 'modern']) tokens[name] = await agentToken(served, name, { servers: ['everything'] });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  async function declined(agent: string): Promise<void> {
    const entries = (await served.api('readAudit', { agent })).body.result as AuditEntry[];
    const asked = entries.find((e) => e.kind === 'elicitation');
    expect(asked).toMatchObject({ answer: 'decline', answeredBy: 'agent' });
    expect(asked?.warning).toMatch(/^the agent's answer holds the value of GITHUB_TOKEN/);
    expect(JSON.stringify(entries)).not.toContain(VALUE);
  }

  it('is declined, not passed on, and audited with the warning (2025-11-25 session)', async () => {
    const client = new Client({ name: 'legacy', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { name: VALUE, integer: 1 } }));
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${tokens['legacy']}` } } }));
    try {
      const said = textOf(await client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} }));
      expect(said).toMatch(/declined/i);
      expect(said).not.toContain('[redacted]');
    } finally {
      await client.close();
    }
    await declined('legacy');
  }, 60_000);

  it('is declined, not passed on, and audited with the warning (2026-07-28 input rounds)', async () => {
    const agent = await connectModernAgent(served.bridge ?? '', tokens['modern'] ?? '', { pin: '2026-07-28' }, { capabilities: { elicitation: { form: {} } } });
    agent.client.setRequestHandler('elicitation/create', () => ({ action: 'accept', content: { name: VALUE, integer: 1 } }));
    try {
      const said = textOf(await agent.client.callTool({ name: 'everything__trigger-elicitation-request', arguments: {} }));
      expect(said).toMatch(/declined/i);
      expect(said).not.toContain('[redacted]');
    } finally {
      await agent.close();
    }
    await declined('modern');
  }, 60_000);
});
