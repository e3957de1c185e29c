import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../electron/bridge';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, INITIALIZE, mcpHeaders, rawRequest, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
const clients: AgentClient[] = [];
const pending: PendingApproval[] = [];

beforeAll(async () => {
  // The person's answers here come at once; a short limit would race a slow disk saving "always allow".
  h = await startBridge({ everything: everythingServer(), fault: faultServer() }, { approvalTimeoutMs: 60_000 });
  await Promise.all([h.pool.start('everything'), h.pool.start('fault')]);
  h.bridge.approvals.on('pending', (p) => pending.push(p));
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function agent(name: string, input: Parameters<BridgeHarness['bridge']['agents']['add']>[1]): Promise<{ client: AgentClient; token: string }> {
  const { token } = await h.bridge.agents.add(name, input);
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return { client, token };
}

const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

describe('agents: allowlists, policies, approvals, isolation', () => {
  it('shows each agent only the servers on its allowlist, and hides denied tools', async () => {
    const onlyEverything = await agent('only-everything', { servers: ['everything'], policy: ALLOW });
    const onlyFault = await agent('only-fault', { servers: ['fault'], policy: { read: 'allow', write: 'deny', destructive: 'deny' } });
    const a = (await onlyEverything.client.client.listTools()).tools.map((t) => t.name);
    const b = (await onlyFault.client.client.listTools()).tools.map((t) => t.name);
    expect(a.length).toBeGreaterThan(0);
    expect(a.every((n) => n.startsWith('everything__'))).toBe(true);
    // The fault server's tools have no annotations: read-sounding names stay, the rest is denied and hidden.
    expect(b.every((n) => n.startsWith('fault__'))).toBe(true);
    expect(b).not.toContain('fault__crash');
    // A tool the agent may not see cannot be called either, and looks like a tool that does not exist.
    await expect(onlyFault.client.client.callTool({ name: 'everything__echo', arguments: { message: 'x' } })).rejects.toThrow(/unknown tool/);
    await expect(onlyFault.client.client.callTool({ name: 'fault__crash', arguments: {} })).resolves.toMatchObject({ isError: true });
    const refused = await onlyFault.client.client.callTool({ name: 'fault__crash', arguments: {} });
    expect(firstText(refused)).toMatch(/^denied: /);
    expect(refused._meta?.['connected-services/error']).toMatchObject({ code: 'denied', server: 'fault' });
    expect(h.pool.status('fault').state).toBe('ready');
  });

  it("lists what the agent's policy allows now: a change shows in the next listing of an open session", async () => {
    const { client } = await agent('changing', { servers: ['everything'], policy: ALLOW });
    const second = await agent('changing-too', { servers: ['everything'], policy: ALLOW });
    const before = (await client.client.listTools()).tools.map((t) => t.name);
    expect(before).toContain('everything__echo');
    // Another agent with the same rights gets the same listing.
    expect((await second.client.client.listTools()).tools.map((t) => t.name)).toEqual(before);

    await h.bridge.agents.update('changing', { policy: { read: 'deny' } });
    const stricter = (await client.client.listTools()).tools.map((t) => t.name);
    expect(stricter).not.toContain('everything__echo');
    expect(stricter.length).toBeGreaterThan(0);
    await h.bridge.agents.setToolDecision('changing', 'everything', 'echo', 'ask');
    expect((await client.client.listTools()).tools.map((t) => t.name)).toEqual([...stricter, 'everything__echo'].sort((a, b) => before.indexOf(a) - before.indexOf(b)));
    await h.bridge.agents.update('changing', { servers: ['fault'] });
    expect((await client.client.listTools()).tools.every((t) => t.name.startsWith('fault__'))).toBe(true);
    // The other agent's listing never moved.
    expect((await second.client.client.listTools()).tools.map((t) => t.name)).toEqual(before);
  });

  it("answers an agent's listing from the bytes made for its first one, in every session of that agent", async () => {
    const { token } = await h.bridge.agents.add('cached-listing', { servers: ['everything'], policy: ALLOW });
    const port = h.bridge.port;
    const bodies: string[] = [];
    for (const id of [7, 'second']) {
      const init = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
      const extra = { 'Mcp-Session-Id': String(init.headers['mcp-session-id']), 'Mcp-Protocol-Version': '2025-06-18' };
      const listed = await rawRequest(port, { headers: mcpHeaders(port, token, extra), body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/list' }) });
      expect(listed.status).toBe(200);
      expect(listed.headers['content-type']).toBe('application/json');
      bodies.push(listed.body);
    }
    const [first, second] = bodies.map((body) => JSON.parse(body) as { id: unknown; result: { tools: Array<{ name: string }> } });
    expect(first?.id).toBe(7);
    expect(second?.id).toBe('second');
    expect(first?.result.tools.map((t) => t.name)).toContain('everything__echo');
    // The cached answer leads with its envelope (JSON.stringify of the SDK's response would lead with
    // the result); past the id, both sessions got the same bytes.
    expect(bodies[0]?.startsWith('{"jsonrpc":"2.0","id":7,"result":{"tools":[')).toBe(true);
    expect(bodies[1]?.slice('{"jsonrpc":"2.0","id":"second"'.length)).toBe(bodies[0]?.slice('{"jsonrpc":"2.0","id":7'.length));
  });

  it("passes a service's log messages to the agents allowed that service, and only to them", async () => {
    const allowed = await agent('log-listener', { servers: ['fault'], policy: ALLOW });
    const other = await agent('log-outsider', { servers: ['everything'], policy: ALLOW });
    const got: { logger?: string | undefined; level: string; data: unknown }[] = [];
    const gotOther: unknown[] = [];
    allowed.client.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      got.push(params);
    });
    other.client.client.setNotificationHandler(LoggingMessageNotificationSchema, ({ params }) => {
      gotOther.push(params);
    });
    const result = await allowed.client.client.callTool({ name: 'fault__log', arguments: { message: 'disk almost full, Bearer abcdef123456' } });
    expect(firstText(result)).toBe('logged');
    await waitFor('the log message', () => got.length > 0);
    expect(got[0]).toMatchObject({ level: 'warning', logger: 'fault/fault' });
    expect(String(got[0]?.data)).toContain('disk almost full');
    expect(String(got[0]?.data)).not.toContain('abcdef123456');
    await other.client.client.listTools();
    expect(gotOther).toEqual([]);
  });

  it('holds an ask call until the person allows or denies it; remember sticks', async () => {
    const { client } = await agent('asker', { servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
    const c = client.client;
    const from = pending.length;
    const first = c.callTool({ name: 'everything__echo', arguments: { message: 'secret-argument' } });
    const ask = await waitFor('an approval request', () => pending.slice(from).find((p) => p.agent === 'asker'));
    expect(ask).toMatchObject({ agent: 'asker', server: 'everything', tool: 'echo' });
    // The person sees what they consent to, with argument recording off (the default here).
    expect(ask.arguments).toEqual({ message: 'secret-argument' });
    expect(h.bridge.approvals.list().map((p) => p.id)).toContain(ask.id);
    await h.bridge.approvals.allow(ask.id);
    expect(firstText(await first)).toBe('Echo: secret-argument');

    const from2 = pending.length;
    const second = c.callTool({ name: 'everything__echo', arguments: { message: 'two' } });
    const ask2 = await waitFor('a second approval request', () => pending.slice(from2).find((p) => p.agent === 'asker'));
    h.bridge.approvals.deny(ask2.id);
    const denied = await second;
    expect(denied.isError).toBe(true);
    expect(firstText(denied)).toContain('the person denied the call');

    const from4 = pending.length;
    const fourth = c.callTool({ name: 'everything__echo', arguments: { message: 'four' } });
    const ask4 = await waitFor('a fourth approval request', () => pending.slice(from4).find((p) => p.agent === 'asker'));
    await h.bridge.approvals.allow(ask4.id, { remember: true });
    expect(firstText(await fourth)).toBe('Echo: four');
    expect(h.bridge.agents.get('asker')?.tools).toEqual({ everything: { echo: 'allow' } });
    const before = pending.length;
    expect(firstText(await c.callTool({ name: 'everything__echo', arguments: { message: 'five' } }))).toBe('Echo: five');
    expect(pending.length).toBe(before);

    const audit = await h.bridge.audit.read({ agent: 'asker' });
    expect(audit.map((e) => `${e.outcome}/${e.approval ?? '-'}`)).toEqual(['ok/-', 'ok/person', 'denied/person', 'ok/person']);
  });

  it('denies an ask call nobody answers in time, saying so, and audits it', async () => {
    const short = await startBridge({ everything: everythingServer() }, { approvalTimeoutMs: 1_500 });
    try {
      const { token } = await short.bridge.agents.add('unanswered', { servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
      const client = await connectAgent(short.bridge.url, token, 'unanswered');
      const timedOut = await client.client.callTool({ name: 'everything__echo', arguments: { message: 'three' } });
      expect(timedOut.isError).toBe(true);
      expect(firstText(timedOut)).toMatch(/nobody approved the call within 2 s/);
      const audit = await short.bridge.audit.read({ agent: 'unanswered' });
      expect(audit.map((e) => `${e.outcome}/${e.approval ?? '-'}`)).toEqual(['denied/timeout']);
      await client.close();
    } finally {
      await short.close();
    }
  });

  it('never mixes up two agents calling at once (2 agents × 50 concurrent calls)', async () => {
    const one = await agent('one', { servers: ['everything'], policy: ALLOW });
    const two = await agent('two', { servers: ['everything'], policy: ALLOW });
    const calls = (who: string, c: AgentClient): Array<Promise<[string, string]>> =>
      Array.from({ length: 50 }, async (_, i) => {
        const message = `${who}-${i}`;
        const result = await c.client.callTool({ name: 'everything__echo', arguments: { message } });
        return [message, firstText(result)] as [string, string];
      });
    const results = await Promise.all([...calls('one', one.client), ...calls('two', two.client)]);
    for (const [sent, got] of results) expect(got).toBe(`Echo: ${sent}`);
    expect(h.bridge.lastUsedAt('one')).toBeGreaterThan(0);
    expect(h.bridge.lastUsedAt('nobody')).toBeUndefined();
    // What serve's quiet watch reads: the latest of every agent's.
    expect(h.bridge.lastRequestAt()).toBe(Math.max(h.bridge.lastUsedAt('one') ?? 0, h.bridge.lastUsedAt('two') ?? 0));
    expect(await h.bridge.toolOf('everything__echo')).toEqual({ server: 'everything', tool: 'echo' });
    expect(await h.bridge.bridgeNameOf('everything', 'echo')).toBe('everything__echo');
    expect(await h.bridge.toolOf('everything__nope')).toBeUndefined();
  });

  it('binds a session to the token that opened it', async () => {
    const a = await h.bridge.agents.add('binder-a', { servers: ['*'] });
    const b = await h.bridge.agents.add('binder-b', { servers: ['*'] });
    const port = h.bridge.port;
    const init = await rawRequest(port, { headers: mcpHeaders(port, a.token), body: INITIALIZE });
    const session = String(init.headers['mcp-session-id']);
    const list = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    const extra = { 'Mcp-Session-Id': session, 'Mcp-Protocol-Version': '2025-06-18' };
    const stolen = await rawRequest(port, { headers: mcpHeaders(port, b.token, extra), body: list });
    expect(stolen.status).toBe(404);
    const own = await rawRequest(port, { headers: mcpHeaders(port, a.token, extra), body: list });
    expect(own.status).toBe(200);
    expect(own.body).toContain('everything__echo');
    // Rotating the token ends its sessions: the old token is refused, the session is gone for the new one.
    const fresh = await h.bridge.agents.rotate('binder-a');
    expect((await rawRequest(port, { headers: mcpHeaders(port, a.token, extra), body: list })).status).toBe(401);
    expect((await rawRequest(port, { headers: mcpHeaders(port, fresh, extra), body: list })).status).toBe(404);
  });

  it('refuses calls while paused, and closes the sessions of a removed agent', async () => {
    const { client, token } = await agent('pausable', { servers: ['everything'], policy: ALLOW });
    h.bridge.pause();
    const refused = await client.client.callTool({ name: 'everything__echo', arguments: { message: 'x' } });
    expect(firstText(refused)).toMatch(/^denied: the person paused the bridge/);
    // The audit says why, for Activity's "denied: bridge paused".
    expect((await h.bridge.audit.read({ agent: 'pausable' }))[0]).toMatchObject({ outcome: 'denied', approval: 'paused' });
    expect((await client.client.listTools()).tools.length).toBeGreaterThan(0);
    h.bridge.resume();
    expect(firstText(await client.client.callTool({ name: 'everything__echo', arguments: { message: 'y' } }))).toBe('Echo: y');
    expect(h.bridge.connections().some((c) => c.agent === 'pausable' && c.client?.name === 'pausable')).toBe(true);
    await h.bridge.agents.remove('pausable');
    expect(h.bridge.connections().some((c) => c.agent === 'pausable')).toBe(false);
    const res = await rawRequest(h.bridge.port, { headers: mcpHeaders(h.bridge.port, token), body: INITIALIZE });
    expect(res.status).toBe(401);
  });

  it('denies calls already waiting for approval when the bridge is paused, and starts nothing while paused', async () => {
    const { client } = await agent('held-then-paused', { servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
    const before = pending.length;
    const call = client.client.callTool({ name: 'everything__echo', arguments: { message: 'held' } });
    await waitFor('the call to wait for approval', () => pending.length > before, 5_000);
    h.bridge.pause();
    try {
      expect(firstText(await call)).toMatch(/^denied: the person paused the bridge/);
      expect(h.bridge.approvals.list().filter((p) => p.agent === 'held-then-paused')).toEqual([]);
    } finally {
      h.bridge.resume();
    }

    const cold = await startBridge({ cold: faultServer() });
    try {
      const { token } = await cold.bridge.agents.add('cold-agent', { servers: ['*'], policy: ALLOW });
      const coldClient = await connectAgent(cold.bridge.url, token, 'cold-agent');
      cold.bridge.pause();
      const refused = await coldClient.client.callTool({ name: 'cold__anything', arguments: {} });
      expect(firstText(refused)).toMatch(/paused the bridge/);
      expect(cold.pool.statuses().find((s) => s.name === 'cold')?.state).toBe('idle');
      await coldClient.close();
    } finally {
      await cold.close();
    }
  });

  it('says a waiting prompt read is a prompt, and never turns "always allow" of it into a tool rule', async () => {
    const { client } = await agent('prompt-reader', { servers: ['everything'], policy: { read: 'ask', write: 'ask', destructive: 'ask' } });
    const before = pending.length;
    const prompt = client.client.getPrompt({ name: 'everything__simple-prompt' });
    await waitFor('the prompt read to wait for approval', () => pending.length > before, 5_000);
    const waiting = pending[pending.length - 1];
    expect(waiting).toMatchObject({ agent: 'prompt-reader', server: 'everything', kind: 'prompt', tool: 'simple-prompt', tier: 'read' });
    await expect(h.bridge.approvals.allow(waiting?.id ?? '', { remember: true })).rejects.toMatchObject({ code: 'invalid_input' });
    expect(h.bridge.agents.get('prompt-reader')?.tools).toEqual({});
    await h.bridge.approvals.allow(waiting?.id ?? '');
    expect((await prompt).messages.length).toBeGreaterThan(0);
  });

  it('redacts what an agent puts in names and URIs before they reach the audit log', async () => {
    const { client } = await agent('leaky', { servers: ['everything'], policy: ALLOW });
    // Resource not found: -32602 on every revision since SDK v2 serves legacy sessions (its 2025 codec maps -32002; MCP 2026-07-28 server/resources §Error Handling).
    await expect(client.client.readResource({ uri: 'https://api.example.test/doc?access_token=SEKRET-abc123456' })).rejects.toMatchObject({ code: -32602 });
    await client.client.callTool({ name: 'Bearer SEKRET-xyz987654', arguments: {} }).catch(() => undefined);
    const entries = await h.bridge.audit.read({ agent: 'leaky' });
    expect(entries.length).toBe(2);
    expect(JSON.stringify(entries)).not.toContain('SEKRET');
  });
});
