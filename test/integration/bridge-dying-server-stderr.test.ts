import { afterEach, describe, expect, it } from 'vitest';
import { faultServer } from '../fixtures/servers/config';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { waitFor } from '../support/server-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

// The fault server's `crash` tool prints this to stderr, then exits with code 3 mid-call.
const PRINTED = 'fatal: the crash tool was called';

describe('a server that dies during an agent’s call', () => {
  it('tells the agent how it ended and where the person looks, never what it printed; the person’s error keeps it', async () => {
    const h = await startBridge({ fault: faultServer() }, {}, { restartPolicy: { maxCrashes: 1 } });
    open.push(h);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);

    const result = await agent.client.callTool({ name: 'fault__crash', arguments: {} });
    expect(result.isError).toBe(true);
    const text = firstText(result);
    expect(text).toContain('"fault" exited with code 3 during tool "crash"');
    expect(text).toContain('`connected-services logs fault`');
    expect(JSON.stringify(result)).not.toContain(PRINTED);

    // The person's error (status, screens, the CLI) still says what it printed.
    await waitFor('the server in error', () => h.pool.status('fault').state === 'error');
    expect(h.pool.status('fault').lastError?.message).toContain(PRINTED);
    // Its tools, listed as unavailable, give the agent the same reason without it.
    const listed = (await agent.client.listTools()).tools.filter((t) => t.name.startsWith('fault__'));
    expect(listed.length).toBeGreaterThan(0);
    expect(JSON.stringify(listed)).toContain('exited with code 3');
    expect(JSON.stringify(listed)).not.toContain(PRINTED);
  });
});
