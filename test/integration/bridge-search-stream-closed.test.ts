import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, PendingApproval } from '../../shared/api';
import { tempHome } from '../support/cli';
import { openPost, rawSession } from '../support/legacy-raw';
import { eventually, type Served } from '../support/serve';
import { agentToken, serveHoldingValue } from '../support/vault-guess';

// A search_tools query holding a vault value waits for the person, as a call would; a 2025-11-25 agent
// that closes its POST meanwhile leaves nothing to carry the answer: the wait is withdrawn, audited
// as the agent stopping, and nothing is searched (as bridge-approval-stream-closed.test.ts for calls).
const VALUE = 'ghp_search-closed-vault-value-4815162342';

describe('a held search_tools whose POST closes before the person answers', () => {
  let served: Served;
  let port: number;
  let token: string;
  beforeAll(async () => {
    served = await serveHoldingValue(VALUE, { home: tempHome() });
    port = Number(new URL(served.bridge ?? '').port);
    token = await agentToken(served, 'leaving-searcher', { servers: ['everything'], toolMode: 'search' });
    expect((await served.api('restartServer', { name: 'everything' })).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  const approvals = async (): Promise<PendingApproval[]> => (await served.api('listApprovals', {})).body.result as PendingApproval[];
  const audit = async (): Promise<AuditEntry[]> => ((await served.api('readAudit', { agent: 'leaving-searcher' })).body.result as AuditEntry[]).filter((e) => e.tool === 'search_tools');

  it('is withdrawn and audited as withdrawn, never searched nor answered', async () => {
    const headers = await rawSession(port, token);
    const post = openPost(port, headers, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'search_tools', arguments: { query: `echo a message ${VALUE}` } } });
    let answered = false;
    post.answer.then(() => (answered = true), () => undefined);
    const [held] = await eventually(async () => {
      const list = await approvals();
      return list.length > 0 ? list : undefined;
    }, 30_000);
    expect(held).toMatchObject({ agent: 'leaving-searcher', tool: 'search_tools' });

    post.req.destroy();
    await eventually(async () => ((await approvals()).length === 0 ? true : undefined), 20_000);
    const entries = await eventually(async () => {
      const found = await audit();
      return found.length > 0 ? found : undefined;
    }, 20_000);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ tool: 'search_tools', outcome: 'cancelled', approval: 'gone' });
    // Too late to be allowed: the person's answer finds nothing waiting.
    expect((await served.api('decideApproval', { id: held?.id, decision: 'allow' })).status).not.toBe(200);
    expect(answered).toBe(false);
    expect(await audit()).toHaveLength(1);
  }, 90_000);
});
