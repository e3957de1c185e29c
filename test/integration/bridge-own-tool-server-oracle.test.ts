import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectModernAgent } from '../support/modern-agent';
import { eventually, type Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

// Search mode's and the resource tools' `server` argument (and any key of theirs) pass the vault-value
// check: audited, and a key the agent made up never comes back in the error (redacted, "[redacted]",
// for a right guess and verbatim for a wrong one, it told the two apart).
const VALUE = 'ghp_own-tool-server-oracle-1234567';
const WRONG = 'ghp_own-tool-server-oracle-1234568';

type Audited = { tool: string; outcome: string; warning?: string };
const answer = (promise: Promise<unknown>): Promise<string> => promise.then((r) => JSON.stringify(r), (e: unknown) => String(e));

describe("the `server` argument of the bridge's own tools, holding a vault value or not", () => {
  let served: Served;
  let token: string;
  beforeAll(async () => {
    served = await serveHoldingValue(VALUE);
    token = await agentToken(served, 'guesser', { servers: ['everything'], toolMode: 'search', resourceTools: true });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  const audit = async (): Promise<Audited[]> => (await served.api('readAudit', { agent: 'guesser' })).body.result as Audited[];

  it('answers a right guess as a wrong one in both eras, never repeating either; the right one is audited with what held it', async () => {
    const legacy = new Client({ name: 'guesser', version: '1.0.0' });
    await legacy.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    const modern = await connectModernAgent(served.bridge ?? '', token);
    const answers = async (guess: string): Promise<string[]> => {
      const out: string[] = [];
      for (const client of [legacy, modern.client]) {
        out.push(await answer(client.callTool({ name: 'search_tools', arguments: { query: 'echo', server: guess } })));
        out.push(await answer(client.callTool({ name: 'list_resources', arguments: { server: guess } })));
        // A key it made up: the error counts it, never names it.
        out.push(await answer(client.callTool({ name: 'search_tools', arguments: { query: 'echo', [guess]: 1 } })));
      }
      return out;
    };
    try {
      const [wrong, right] = [await answers(WRONG), await answers(VALUE)];
      expect(right).toEqual(wrong);
      for (const text of wrong) {
        expect(text).not.toContain(WRONG);
        expect(text).not.toContain('[redacted]');
      }
      expect(wrong[0]).toContain('no service among those you may use has that name (a name of 34 characters)');
      expect(wrong[2]).toContain('1 argument this tool does not take');
    } finally {
      await legacy.close();
      await modern.close();
    }
    const warned = await eventually(async () => {
      const entries = (await audit()).filter((e) => e.warning !== undefined);
      return entries.length === 4 ? entries : undefined;
    }, 20_000);
    expect(warned.map((e) => e.tool).sort()).toEqual(['list_resources', 'list_resources', 'search_tools', 'search_tools']);
    for (const entry of warned) {
      expect(entry.outcome).toBe('denied');
      expect(entry.warning).toMatch(/^the service name it asks for holds the value of GITHUB_TOKEN from the vault/);
      expect(JSON.stringify(entry)).not.toContain(VALUE);
    }
  }, 90_000);
});
