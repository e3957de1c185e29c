import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, PendingApproval } from '../../shared/api';
import { tempHome } from '../support/cli';
import { heldApproval } from '../support/held-approval';
import { connectModernAgent } from '../support/modern-agent';
import { eventually, type Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

// search_tools' `query` passes the vault-value check as a service's tool's arguments do: the right
// guess is held for the person, and its answer once allowed is the wrong guess's.
const VALUE = 'ghp_search-query-vault-value-8675309';
const WRONG = 'ghp_search-query-vault-value-8675310';
const REASON = 'its arguments hold the value of GITHUB_TOKEN from the vault';

type Result = { content?: { type: string; text?: string }[]; isError?: boolean };
const textOf = (result: unknown): string => ((result as Result).content ?? []).map((c) => c.text ?? '').join('\n');

describe("search_tools' query holding a vault value, through serve in search mode", () => {
  let home: string;
  let served: Served;
  let token: string;
  beforeAll(async () => {
    home = tempHome();
    served = await serveHoldingValue(VALUE, { home });
    token = await agentToken(served, 'searcher', { servers: ['everything'], toolMode: 'search' });
    // Search finds the tools of servers whose inventory is known: started once here.
    expect((await served.api('restartServer', { name: 'everything' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  /** The one call waiting now, once it waits: the right guess's search, with why it is held. */
  async function waiting(): Promise<PendingApproval> {
    const { id, stdout } = await heldApproval(home);
    expect(stdout).toContain(`${id} WARNING: held because ${REASON}`);
    expect(stdout).toContain(`${id} search_tools of Connected Services, arguments:`);
    expect(stdout).not.toContain(VALUE);
    const list = (await served.api('listApprovals', {})).body.result as PendingApproval[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id, agent: 'searcher', server: '', tool: 'search_tools', warning: expect.stringMatching(new RegExp(`^${REASON}`)) as unknown, arguments: { query: 'echo a message [secret GITHUB_TOKEN]' } });
    return list[0] as PendingApproval;
  }

  it('answers a wrong guess at once; holds the right one, answered nothing until allowed, then as the wrong one (2025-11-25 session)', async () => {
    const client = new Client({ name: 'searcher', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    try {
      const wrong = await eventually(async () => {
        const found = await client.callTool({ name: 'search_tools', arguments: { query: `echo a message ${WRONG}` } });
        return textOf(found).includes('everything__echo') ? found : undefined;
      }, 30_000);
      expect(wrong.isError).not.toBe(true);
      expect((await served.api('listApprovals', {})).body.result).toEqual([]);

      let settled = false;
      const right = client.callTool({ name: 'search_tools', arguments: { query: `echo a message ${VALUE}` } }).finally(() => (settled = true));
      const held = await waiting();
      expect(settled).toBe(false);
      expect((await served.api('decideApproval', { id: held.id, decision: 'allow' })).status).toBe(200);
      expect(textOf(await right)).toBe(textOf(wrong));
    } finally {
      await client.close();
    }
  }, 90_000);

  it('refuses the right guess the person denies as any call not approved, the audit naming the secret, never the value (2026-07-28)', async () => {
    const agent = await connectModernAgent(served.bridge ?? '', token);
    try {
      const right = agent.client.callTool({ name: 'search_tools', arguments: { query: `echo a message ${VALUE}` } });
      const held = await waiting();
      expect((await served.api('decideApproval', { id: held.id, decision: 'deny' })).status).toBe(200);
      const refused = await right;
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toContain('the person denied the call');
      expect(textOf(refused)).not.toContain('everything__echo');
    } finally {
      await agent.close();
    }
    const audit = await eventually(async () => {
      const entries = ((await served.api('readAudit', { agent: 'searcher' })).body.result as AuditEntry[]).filter((e) => e.tool === 'search_tools');
      return entries.length === 2 ? entries : undefined;
    }, 20_000);
    expect(audit.map((e) => [e.server, e.outcome, e.approval, e.warning])).toEqual([
      ['', 'denied', 'person', `${REASON} (the 2nd such call of searcher since Connected Services started)`],
      ['', 'ok', 'person', REASON],
    ]);
    expect(readFileSync(join(home, 'audit', 'audit.jsonl'), 'utf8')).not.toContain(VALUE);
  }, 90_000);
});
