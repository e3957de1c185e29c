import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { askingServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { connectModernAgent } from '../support/modern-agent';
import { eventually, startServe, type Served } from '../support/serve';
import { ALLOW_ALL } from '../support/vault-guess';

const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

// A server's roots/list during an agent's call is audited as its elicitation and sampling are: who
// answered, how many roots the server got, which server asked; never the paths.
describe("roots given during an agent's call, in the audit (our asking server through serve)", () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe(tempHome());
    expect((await served.api('addServer', { name: 'asking', config: askingServer() })).status).toBe(200);
    expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  async function token(name: string): Promise<string> {
    return ((await served.api('addAgent', { name, servers: ['asking'], policy: ALLOW_ALL })).body.result as { token: string }).token;
  }

  /** The agent's one roots entry, once written. */
  async function rootsEntry(agent: string, answeredBy: string): Promise<AuditEntry> {
    return eventually(async () => {
      const entries = (await served.api('readAudit', { agent })).body.result as AuditEntry[];
      return entries.find((e) => e.kind === 'roots' && e.answeredBy === answeredBy);
    }, 20_000);
  }

  it("records the agent's roots given, and the entry's own, by count (2025-11-25 session)", async () => {
    const client = new Client({ name: 'legacy', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: [{ uri: 'file:///home/me/project' }, { uri: 'file:///home/me/notes' }] }));
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${await token('legacy')}` } } }));
    try {
      expect(textOf(await client.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('["file:///home/me/project","file:///home/me/notes"]');
      expect(await rootsEntry('legacy', 'agent')).toMatchObject({ agent: 'legacy', server: 'asking', kind: 'roots', outcome: 'ok', answer: 'accept', roots: 2 });

      expect((await served.api('updateServer', { name: 'asking', config: { ...askingServer(), roots: ['/srv/data'] } })).status).toBe(200);
      expect(textOf(await client.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('["file:///srv/data"]');
      expect(await rootsEntry('legacy', 'config')).toMatchObject({ agent: 'legacy', server: 'asking', kind: 'roots', outcome: 'ok', answer: 'accept', roots: 1 });

      // A server looping on roots/list in one call leaves two entries: its first, then the rest counted.
      expect(textOf(await client.callTool({ name: 'asking__ask-roots-many', arguments: { n: 200 } }))).toBe('200');
      const flood = await eventually(async () => {
        const entries = (await served.api('readAudit', { agent: 'legacy' })).body.result as AuditEntry[];
        return entries.find((e) => e.kind === 'roots' && e.requests === 199);
      }, 20_000);
      expect(flood).toMatchObject({ server: 'asking', answeredBy: 'config', roots: 1, requests: 199 });
      const roots = ((await served.api('readAudit', { agent: 'legacy' })).body.result as AuditEntry[]).filter((e) => e.kind === 'roots');
      expect(roots).toHaveLength(4);
      expect((await served.api('updateServer', { name: 'asking', config: askingServer() })).status).toBe(200);
    } finally {
      await client.close();
    }
    const all = JSON.stringify((await served.api('readAudit', {})).body.result);
    expect(all).not.toContain('/home/me');
    expect(all).not.toContain('/srv/data');
  }, 90_000);

  it('asks the agent once for a thousand roots/list a server sends at once in one call, and answers every one', async () => {
    const client = new Client({ name: 'burst', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
    let asked = 0;
    client.setRequestHandler(ListRootsRequestSchema, () => {
      asked++;
      return { roots: [{ uri: 'file:///home/me/burst' }] };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${await token('burst')}` } } }));
    try {
      expect(textOf(await client.callTool({ name: 'asking__ask-roots-many', arguments: { n: 1000, together: true } }))).toBe('1000');
    } finally {
      await client.close();
    }
    // The requests that came while the agent was asked shared its answer; each asked it, and held a listener on the call, before.
    expect(asked).toBeGreaterThan(0);
    expect(asked).toBeLessThan(50);
    // serve's own lines, not what the server wrote on its stderr (its own writes of a thousand requests warn there).
    const own = served.stderr().split('\n').filter((line) => !line.startsWith('[asking] stderr:'));
    expect(own.filter((line) => line.includes('MaxListenersExceededWarning'))).toEqual([]);
  }, 90_000);

  it("records the roots a 2026-07-28 agent gave in its call's round", async () => {
    const agent = await connectModernAgent(served.bridge ?? '', await token('modern'), { pin: '2026-07-28' }, { capabilities: { roots: {} } });
    agent.client.setRequestHandler('roots/list', () => ({ roots: [{ uri: 'file:///home/me/modern' }] }));
    try {
      expect(textOf(await agent.client.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('["file:///home/me/modern"]');
    } finally {
      await agent.close();
    }
    const entry = await rootsEntry('modern', 'agent');
    expect(entry).toMatchObject({ agent: 'modern', server: 'asking', kind: 'roots', outcome: 'ok', answer: 'accept', roots: 1 });
    expect(JSON.stringify(entry)).not.toContain('/home/me');
  }, 90_000);
});
