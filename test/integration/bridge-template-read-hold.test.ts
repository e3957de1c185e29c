import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectModernAgent } from '../support/modern-agent';
import { eventually, type Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

// A URI a server's resource template matches is read with a wrong guess inside; with the right one (a
// vault value) it waits for the person, as a tool call holding a vault value does. Refused at once, the
// answer would tell the agent its guess was right.
const VALUE = 'ghp_template-read-hold-value-1234567';
const WRONG = 'ghp_template-read-hold-value-1234568';
const ADDRESS = 'the resource address holds the value of GITHUB_TOKEN from the vault';

describe('a resource read whose URI a template matches, holding a vault value or not', () => {
  let served: Served;
  let token: string;
  beforeAll(async () => {
    served = await serveHoldingValue(VALUE, { logs: true });
    token = await agentToken(served, 'reader', { servers: ['logs'] });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  async function heldThenDenied(read: () => Promise<unknown>): Promise<{ warning?: string }> {
    const pending = read().then(
      () => 'read',
      (e: unknown) => String(e),
    );
    const held = await eventually(async () => {
      const list = (await served.api('listApprovals', {})).body.result as { id: string; kind: string; warning?: string }[];
      return list.length > 0 ? list : undefined;
    }, 20_000);
    expect((await served.api('decideApproval', { id: held[0]?.id, decision: 'deny' })).status).toBe(200);
    const said = await pending;
    expect(said).not.toBe('read');
    expect(said).not.toContain(VALUE);
    return held[0] ?? {};
  }

  it('reads a wrong guess and holds the right one for the person, in both eras; the reason says the address held it and counts', async () => {
    const legacy = new Client({ name: 'reader', version: '1.0.0' });
    await legacy.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    const modern = await connectModernAgent(served.bridge ?? '', token);
    try {
      // The server starts on its first call; its templates are listed from then on.
      await legacy.callTool({ name: 'logs__log', arguments: { tag: 'warm' } });
      await eventually(async () => ((await legacy.listResourceTemplates()).resourceTemplates.length > 0 ? true : undefined), 30_000);
      for (const client of [legacy, modern.client]) {
        const read = await client.readResource({ uri: `logs://log/${WRONG}` });
        expect(read.contents.length).toBeGreaterThan(0);
      }
      expect((await heldThenDenied(() => legacy.readResource({ uri: `logs://log/${VALUE}` }))).warning).toBe(ADDRESS);
      expect((await heldThenDenied(() => modern.client.readResource({ uri: `logs://log/${VALUE}` }))).warning).toBe(
        `${ADDRESS} (the 2nd such call of reader since Connected Services started)`,
      );
    } finally {
      await legacy.close();
      await modern.close();
    }
    const audit = (await served.api('readAudit', { agent: 'reader' })).body.result as { kind: string; outcome: string; approval?: string; warning?: string }[];
    expect(audit.filter((e) => e.warning !== undefined).map((e) => [e.kind, e.outcome, e.approval])).toEqual([
      ['resource', 'denied', 'person'],
      ['resource', 'denied', 'person'],
    ]);
    expect(JSON.stringify(audit)).not.toContain(VALUE);
  }, 90_000);
});
