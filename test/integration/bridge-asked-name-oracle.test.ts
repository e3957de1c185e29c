import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectModernAgent } from '../support/modern-agent';
import { eventually, type Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

// The bridge's own errors never echo what the agent asked for: echoed (redacted), a name holding a vault value came back "[redacted]" and a wrong guess verbatim.
const VALUE = 'ghp_asked-name-oracle-value-1234567';
const WRONG = 'ghp_asked-name-oracle-value-1234568';

type Audited = { tool: string; outcome: string; warning?: string; repeated?: number; arguments?: unknown };
const answer = (promise: Promise<unknown>): Promise<string> => promise.then((r) => JSON.stringify(r), (e: unknown) => String(e));

describe('a name or URI an agent asks for, holding a vault value or not', () => {
  let served: Served;
  let token: string;
  beforeAll(async () => {
    served = await serveHoldingValue(VALUE, { logs: true });
    token = await agentToken(served, 'guesser', { servers: ['everything', 'logs'] });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  async function legacy(): Promise<Client> {
    const client = new Client({ name: 'guesser', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    return client;
  }
  const audit = async (): Promise<Audited[]> => (await served.api('readAudit', { agent: 'guesser' })).body.result as Audited[];

  it('answers a right guess as a wrong one, never repeating either, in both eras; the right one reaches the audit with its warning past the refusal bound', async () => {
    const client = await legacy();
    const modern = await connectModernAgent(served.bridge ?? '', token);
    const answers = async (guess: string): Promise<string[]> => [
      await answer(client.callTool({ name: guess, arguments: {} })),
      await answer(client.getPrompt({ name: guess })),
      await answer(client.readResource({ uri: `demo://${guess}` })),
      await answer(client.subscribeResource({ uri: `demo://${guess}` })),
      await answer(client.complete({ ref: { type: 'ref/resource', uri: `demo://${guess}/{id}` }, argument: { name: 'id', value: '1' } })),
      await answer(modern.client.callTool({ name: guess, arguments: {} })),
      await answer(modern.client.readResource({ uri: `demo://${guess}` })),
    ];
    try {
      // More wrong names than the audit writes one by one in a minute (audit-refusals.ts).
      for (let i = 0; i < 25; i++) await client.callTool({ name: `nope-${i}`, arguments: {} }).catch(() => undefined);
      const [wrong, right] = [await answers(WRONG), await answers(VALUE)];
      expect(right).toEqual(wrong);
      for (const text of wrong) {
        expect(text).not.toContain(WRONG);
        expect(text).not.toContain('[redacted]');
      }
      expect(wrong[0]).toContain('unknown tool (a name of 35 characters)');
      expect(wrong[2]).toContain('no resource among the services you may use has that URI');
    } finally {
      await client.close();
      await modern.close();
    }
    const warned = await eventually(async () => {
      const entries = (await audit()).filter((e) => e.warning !== undefined);
      return entries.length === 7 ? entries : undefined;
    }, 20_000);
    for (const entry of warned) {
      expect(entry).toMatchObject({ outcome: 'denied' });
      expect(entry.warning).toContain('GITHUB_TOKEN');
      expect(entry.repeated).toBeUndefined();
      expect(JSON.stringify(entry)).not.toContain(VALUE);
    }
  }, 90_000);

  it("holds a completion whose context names the completed argument with the value: what is forwarded is what is checked", async () => {
    const client = await legacy();
    try {
      await client.callTool({ name: 'logs__log', arguments: { tag: 'warm' } });
      // The server starts on its first call; its prompts are listed from then on.
      await eventually(async () => ((await client.listPrompts()).prompts.some((p) => p.name === 'logs__logged') ? true : undefined), 30_000);
      const pending = answer(client.complete({ ref: { type: 'ref/prompt', name: 'logs__logged' }, argument: { name: 'secret', value: 'x' }, context: { arguments: { secret: VALUE } } }));
      const held = await eventually(async () => {
        const list = (await served.api('listApprovals', {})).body.result as { id: string; warning?: string }[];
        return list.length > 0 ? list : undefined;
      }, 20_000);
      expect(held[0]?.warning).toContain('GITHUB_TOKEN');
      expect((await served.api('decideApproval', { id: held[0]?.id, decision: 'deny' })).status).toBe(200);
      expect(await pending).not.toContain(VALUE);
    } finally {
      await client.close();
    }
  }, 60_000);
});
