import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { confirmAsPerson, startServe, type Served } from '../support/serve';

// The Access screen's "last used" through the running app: one small answer, not the audit's entries.
describe('auditLastUse through the App API', () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  it("answers the time of each named service's last call, and nothing for a service never called", async () => {
    const add = await runCli(home, ['agents', 'add', 'caller', '--servers', 'everything', '--policy', 'read=allow,write=allow,destructive=allow', '--json']);
    const { token } = (await confirmAsPerson(served, add)) as { token: string };
    const client = new Client({ name: 'caller', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    const before = Date.now();
    try {
      await client.callTool({ name: 'everything__echo', arguments: { message: 'used' } });
    } finally {
      await client.close();
    }
    const answer = await served.api('auditLastUse', { servers: ['everything', 'never-called'] });
    expect(answer.status).toBe(200);
    const { used, since } = answer.body.result as { used: Array<{ server: string; time: number }>; since?: number };
    // The whole audit was read: nothing to say about where the search stopped.
    expect(since).toBeUndefined();
    expect(used).toHaveLength(1);
    expect(used[0]?.server).toBe('everything');
    expect(used[0]?.time).toBeGreaterThanOrEqual(before - 1000);
    const refused = await served.api('auditLastUse', { servers: ['x'.repeat(201)] });
    expect(refused.body.error?.code).toBe('invalid_input');
  });
});
