import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PendingApproval } from '../../electron/bridge';
import { shortHash } from '../../shared/naming';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, firstText, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

let h: BridgeHarness;
const clients: AgentClient[] = [];
const pending: PendingApproval[] = [];

beforeAll(async () => {
  // `svc__x` is a server of its own whose prefix lies inside `svc`'s; it is never started up front.
  h = await startBridge({ svc: faultServer(), svc__x: faultServer() });
  await h.pool.start('svc');
  h.bridge.approvals.on('pending', (p) => pending.push(p));
});

afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const ASK = { read: 'ask', write: 'ask', destructive: 'ask' } as const;

async function agent(name: string, policy: { read: 'allow' | 'ask'; write: 'allow' | 'ask'; destructive: 'allow' | 'ask' }, servers = ['*']): Promise<AgentClient> {
  const { token } = await h.bridge.agents.add(name, { servers, policy });
  const client = await connectAgent(h.bridge.url, token, name);
  clients.push(client);
  return client;
}

function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: true };
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

describe('the bridge gate against real servers', () => {
  it("never lets one server's tool answer to a name of another server that has not started yet", async () => {
    const c = await agent('namer', ALLOW);
    const before = (await c.client.listTools()).tools.length;
    // `svc` gains a tool `x__pid`: its plain bridge name `svc__x__pid` is in `svc`'s namespace, the outer one.
    expect(firstText(await c.client.callTool({ name: 'svc__addTool', arguments: { name: 'x__pid' } }))).toBe('added x__pid');
    const listed = await waitFor('svc to list x__pid', async () => {
      const names = (await c.client.listTools()).tools.map((t) => t.name);
      return names.length > before ? names : undefined;
    });
    expect(h.pool.status('svc__x').state).toBe('idle');
    expect(listed).toContain('svc__x__pid');
    // svc__x's own `pid` has its own form, whatever svc lists, and reaches svc__x (started for it).
    const nestedPid = `svc__x__${shortHash('svc__x\u0000pid').slice(0, 8)}-pid`;
    const answer = firstText(await c.client.callTool({ name: nestedPid, arguments: {} }));
    expect(answer).toMatch(/^\d+$/);
    expect(h.pool.status('svc__x').state).toBe('ready');
    // svc's tool still answers under its plain name, which did not change when svc__x started.
    expect((await c.client.listTools()).tools.map((t) => t.name)).toContain('svc__x__pid');
    expect(firstText(await c.client.callTool({ name: 'svc__x__pid', arguments: {} }))).toBe('x__pid');
  });

  it('denies as paused a call allowed while the person pauses, and never calls the pool', async () => {
    const c = await agent('racer', ASK);
    const spy = vi.spyOn(h.pool, 'callTool');
    try {
      const from = pending.length;
      const call = c.client.callTool({ name: 'svc__pid', arguments: {} });
      const waiting = await waitFor('the call to wait', () => pending.slice(from).find((p) => p.agent === 'racer'));
      // The allow settles the wait; the pause lands before the call goes on.
      void h.bridge.approvals.allow(waiting.id);
      h.bridge.pause();
      expect(firstText(await call)).toMatch(/^denied: the person paused the bridge/);
      expect(spy).not.toHaveBeenCalled();
    } finally {
      h.bridge.resume();
      spy.mockRestore();
    }
  });

  it('shows the arguments of a waiting tool call and prompt, and the URI of a resource read, with auditArguments off', async () => {
    const c = await agent('consent', ASK, ['svc']);
    const from = pending.length;
    const tool = c.client.callTool({ name: 'svc__log', arguments: { message: `to bob: ${'x'.repeat(20_000)}` } });
    const prompt = c.client.getPrompt({ name: 'svc__greet', arguments: { who: 'Ada' } });
    const resource = c.client.readResource({ uri: 'fixture://hello' });
    const asked = await waitFor('three approvals', () => {
      const mine = pending.slice(from).filter((p) => p.agent === 'consent');
      return mine.length === 3 ? mine : undefined;
    });
    const byKind = Object.fromEntries(asked.map((p) => [p.kind, p]));
    const message = String(byKind['tool']?.arguments?.['message']);
    expect(message.startsWith('to bob: xxx')).toBe(true);
    expect(message).toMatch(/… \[cut: 11,\d{3} more characters\]$/);
    expect(byKind['prompt']?.arguments).toEqual({ who: 'Ada' });
    expect(byKind['resource']).toMatchObject({ tool: 'fixture://hello', server: 'svc' });
    for (const p of asked) await h.bridge.approvals.allow(p.id);
    expect(firstText(await tool)).toBe('logged');
    expect((await prompt).messages.length).toBeGreaterThan(0);
    expect((await resource).contents.length).toBe(1);
    const audit = await h.bridge.audit.read({ agent: 'consent' });
    expect(audit.every((e) => e.arguments === undefined)).toBe(true);
  });

  it('refuses arguments, prompt arguments and URIs past their bounds with invalid_input naming the limit', async () => {
    const c = await agent('bounded', ALLOW);
    const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: { code?: number; message?: string; data?: { code?: string } }) => error);
    expect(await refusal(c.client.callTool({ name: 'svc__log', arguments: nested(100) }))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('arguments nest deeper than 64 levels') as string,
      data: { code: 'invalid_input' },
    });
    expect(await refusal(c.client.callTool({ name: 'svc__log', arguments: { message: 'x'.repeat(1_100_000) } }))).toMatchObject({
      message: expect.stringContaining('a string in arguments is longer than 1,048,576 characters') as string,
    });
    expect(await refusal(c.client.callTool({ name: 'svc__log', arguments: { list: new Array<number>(20_000).fill(1) } }))).toMatchObject({
      message: expect.stringContaining('an array in arguments has more than 10,000 items') as string,
    });
    expect(await refusal(c.client.getPrompt({ name: 'svc__greet', arguments: { who: 'y'.repeat(1_100_000) } }))).toMatchObject({
      message: expect.stringContaining('a string in prompt arguments is longer') as string,
      data: { code: 'invalid_input' },
    });
    expect(await refusal(c.client.readResource({ uri: `fixture://${'z'.repeat(9_000)}` }))).toMatchObject({
      message: expect.stringContaining('the resource URI is longer than 8,192 characters') as string,
    });
    // Deeper than the body limit: refused before parsing, the session still answers.
    await expect(c.client.callTool({ name: 'svc__log', arguments: nested(200) })).rejects.toThrow(/nests deeper than 128 levels/);
    expect(firstText(await c.client.callTool({ name: 'svc__log', arguments: { message: 'still here' } }))).toBe('logged');
    const audit = await h.bridge.audit.read({ agent: 'bounded' });
    expect(audit.filter((e) => e.errorCode === 'invalid_input')).toHaveLength(5);
    // A name too long is told so, not "send smaller arguments" (a tester's try).
    const longName = await refusal(c.client.callTool({ name: `svc__${'n'.repeat(300)}`, arguments: {} }));
    expect(longName).toMatchObject({ message: expect.stringContaining('the tool name is longer than 256 characters') as string, data: { code: 'invalid_input' } });
    expect(JSON.stringify(longName)).not.toContain('smaller arguments');
    expect(JSON.stringify(longName)).toContain('Send the tool name exactly as');
  });
});
