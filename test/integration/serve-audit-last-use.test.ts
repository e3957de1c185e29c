import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';
import { agentThroughServe } from '../support/serve-agent';

// The Access screen's "last used" through the running app: one small answer, not the audit's entries.
describe('auditLastUse through the App API', () => {
  let served: Served;
  beforeAll(async () => {
    served = await startServe(tempHome());
  });
  afterAll(async () => {
    await served.stop();
  });

  it("answers the time of each named service's last call, and nothing for a service never called", async () => {
    const agent = await agentThroughServe(served, 'caller', ['--servers', 'everything', '--policy', 'read=allow,write=allow,destructive=allow']);
    const before = Date.now();
    try {
      await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'used' } });
    } finally {
      await agent.close();
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
