import { afterEach, describe, expect, it } from 'vitest';
import { createBridge, type AgentPolicy, type PendingApproval } from '../../electron/bridge';
import { GOOD_TOKEN, startRevocableServer, type RevocableServer } from '../fixtures/bridge/revocable-server';
import { connectAgent, firstText, startBridge, tempDir, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function setup(revoked: boolean, options: Parameters<typeof startBridge>[1] = {}, policy: AgentPolicy = { read: 'allow', write: 'allow', destructive: 'allow' }): Promise<{ upstream: RevocableServer; h: BridgeHarness; agent: AgentClient }> {
  const upstream = await startRevocableServer(revoked);
  open.push(upstream);
  const h = await startBridge({ service: { type: 'http', url: upstream.url, headers: { Authorization: `Bearer ${GOOD_TOKEN}` } } }, options);
  open.push(h);
  const { token } = await h.bridge.agents.add('agent', { servers: ['service'], policy });
  const agent = await connectAgent(h.bridge.url, token);
  open.push(agent);
  return { upstream, h, agent };
}

function expectAuthRequired(result: Awaited<ReturnType<AgentClient['client']['callTool']>>): void {
  expect(result.isError).toBe(true);
  const text = firstText(result);
  expect(text).toMatch(/^auth_required: /);
  expect(text).toContain('re-authorize "service"');
  expect(text).toContain('connected-services connect service');
  expect(JSON.stringify(result)).not.toContain(GOOD_TOKEN);
  expect(result._meta?.['connected-services/error']).toMatchObject({ code: 'auth_required', server: 'service' });
}

describe('auth_required reaches the agent', () => {
  it('when the upstream starts refusing the credentials mid-way', async () => {
    const { upstream, h, agent } = await setup(false);
    expect(firstText(await agent.client.callTool({ name: 'service__whoami', arguments: {} }))).toBe('fixture user');
    upstream.revoke();
    expectAuthRequired(await agent.client.callTool({ name: 'service__whoami', arguments: {} }));
    const [entry] = await h.bridge.audit.read({ outcome: 'error' });
    expect(entry).toMatchObject({ server: 'service', tool: 'whoami', errorCode: 'auth_required' });
  });

  it('when the upstream never accepted them (nothing cached), without retrying on every call', async () => {
    const { upstream, h, agent } = await setup(true);
    expect((await agent.client.listTools()).tools).toEqual([]);
    expect(upstream.requests()).toBe(0);
    expectAuthRequired(await agent.client.callTool({ name: 'service__whoami', arguments: {} }));
    expect(h.pool.status('service').state).toBe('needs_auth');
    const after = upstream.requests();
    expect(after).toBeGreaterThan(0);
    expectAuthRequired(await agent.client.callTool({ name: 'service__whoami', arguments: {} }));
    expect(upstream.requests()).toBe(after);
  });
});

describe('auditArguments', () => {
  it('records arguments and results, redacted, and shows arguments as sent in approval requests', async () => {
    const { h, agent } = await setup(false, { auditArguments: true }, { read: 'ask', write: 'ask', destructive: 'ask' });
    const asked: PendingApproval[] = [];
    h.bridge.approvals.on('pending', (p) => {
      asked.push(p);
      void h.bridge.approvals.allow(p.id);
    });
    const result = await agent.client.callTool({ name: 'service__whoami', arguments: { query: 'weather', apiKey: 'sk-live-1234567890' } });
    expect(firstText(result)).toBe('fixture user');
    // Consent shows what will be sent (only values we hold would be named); the audit log is redacted.
    expect(asked.map((p) => p.arguments)).toEqual([{ query: 'weather', apiKey: 'sk-live-1234567890' }]);
    const [entry] = await h.bridge.audit.read({ agent: 'agent' });
    expect(entry).toMatchObject({ outcome: 'ok', approval: 'person', arguments: { query: 'weather', apiKey: '[redacted]' } });
    expect(JSON.stringify(entry?.result)).toContain('fixture user');
    expect(JSON.stringify(await h.bridge.audit.read())).not.toContain('sk-live-1234567890');
  });
});

describe('the bridge port', () => {
  it('says clearly when the port is taken', async () => {
    const h = await startBridge({});
    open.push(h);
    const attempt = createBridge({ pool: h.pool, dataDir: tempDir(), port: h.bridge.port });
    await expect(attempt).rejects.toMatchObject({
      code: 'server_unavailable',
      message: `port ${h.bridge.port} is in use; is another Connected Services running? choose another with --bridge-port`,
    });
    expect(h.bridge.url).toBe(`http://127.0.0.1:${h.bridge.port}/mcp`);
  });
});
