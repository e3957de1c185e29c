import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DecidedApproval, PendingApproval } from '../../electron/bridge';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { firstText, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { openPost, rawSession } from '../support/legacy-raw';
import { callBody, callHeaders, messageOf } from '../support/modern-raw';

// A 2025-11-25 agent that closes its POST while its call waits for the person (a client that timed out
// and closed, a killed process): nothing could carry the answer back, so the wait is withdrawn. A call
// already at its server is not cancelled by a disconnection (MCP 2025-11-25 basic/transports).

const ASK_ALL = { read: 'ask', write: 'ask', destructive: 'ask' } as const;
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;
const pending: PendingApproval[] = [];
const decided: DecidedApproval[] = [];

beforeAll(async () => {
  h = await startBridge({ fault: faultServer() });
  await h.pool.start('fault');
  h.bridge.approvals.on('pending', (p) => pending.push(p));
  h.bridge.approvals.on('decided', (d) => decided.push(d));
});

afterAll(async () => {
  await h.close();
});

/** A raw legacy session of a new agent: its headers. */
async function session(name: string, policy: typeof ASK_ALL | typeof ALLOW_ALL): Promise<{ headers: Record<string, string> }> {
  const { token } = await h.bridge.agents.add(name, { servers: ['*'], policy });
  return { headers: await rawSession(h.bridge.port, token) };
}

/** POSTs one request and leaves it open; the caller destroys its socket. */
function post(headers: Record<string, string>, body: unknown): ClientRequest {
  return openPost(h.bridge.port, headers, body).req;
}

async function seen(headers: Record<string, string>): Promise<{ started: number; cancelled: number }> {
  const answer = await rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 900 + Math.floor(Math.random() * 1000), method: 'tools/call', params: { name: 'fault__seen', arguments: {} } }) });
  const message = messageOf(answer.body);
  return JSON.parse(firstText(message.result)) as { started: number; cancelled: number };
}

async function withdrawnOnClose(agent: string, body: unknown): Promise<DecidedApproval> {
  const { headers } = await session(agent, ASK_ALL);
  const req = post(headers, body);
  const waiting = await waitFor('the request to wait for the person', () => pending.find((p) => p.agent === agent));
  req.destroy();
  const ended = await waitFor('the wait to end', () => decided.find((d) => d.id === waiting.id));
  expect(h.bridge.approvals.list().some((p) => p.id === waiting.id)).toBe(false);
  return ended;
}

describe('an approval whose request closed before the person answered', () => {
  it('withdraws a tools/call (the lane) and audits that the agent stopped waiting; the server never sees the call', async () => {
    const { headers: watcher } = await session('watcher', ALLOW_ALL);
    const before = await seen(watcher);
    const ended = await withdrawnOnClose('leaver', { jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 1 } } });
    expect(ended).toMatchObject({ outcome: 'denied', reason: 'gone', tool: 'slow' });
    const audit = await waitFor('the audit entry', async () => (await h.bridge.audit.read({ agent: 'leaver' }))[0]);
    expect(audit).toMatchObject({ tool: 'slow', outcome: 'cancelled', approval: 'gone' });
    expect(audit.callMs).toBeUndefined();
    expect((await seen(watcher)).started).toBe(before.started);
  });

  it("withdraws a resources/read (the SDK's path) the same way", async () => {
    const ended = await withdrawnOnClose('reader', { jsonrpc: '2.0', id: 'r', method: 'resources/read', params: { uri: 'fixture://hello' } });
    expect(ended).toMatchObject({ kind: 'resource', reason: 'gone' });
    expect(await waitFor('the audit entry', async () => (await h.bridge.audit.read({ agent: 'reader' }))[0])).toMatchObject({ approval: 'gone', outcome: 'cancelled' });
  });

  it('does not cancel a call already running at its server when its request closes', async () => {
    const { headers } = await session('runner', ALLOW_ALL);
    const before = await seen(headers);
    const req = post(headers, { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { name: 'fault__slow', arguments: { ms: 1500 } } });
    await expect.poll(async () => (await seen(headers)).started, { timeout: 10_000 }).toBe(before.started + 1);
    req.destroy();
    const entry = await waitFor('the call to end', async () => (await h.bridge.audit.read({ agent: 'runner' })).find((e) => e.tool === 'slow'), 15_000);
    expect(entry.outcome).toBe('ok');
    expect((await seen(headers)).cancelled).toBe(before.cancelled);
  });

  it('a 2026-07-28 request closing still withdraws its approval as the agent cancelling', async () => {
    const { token } = await h.bridge.agents.add('modern-leaver', { servers: ['*'], policy: ASK_ALL });
    const req = request({ host: '127.0.0.1', port: h.bridge.port, method: 'POST', path: '/mcp', headers: callHeaders(h.bridge.port, token, 'fault__pid'), agent: false });
    req.on('error', () => undefined);
    req.end(callBody(1, 'fault__pid'));
    const waiting = await waitFor('the request to wait for the person', () => pending.find((p) => p.agent === 'modern-leaver'));
    req.destroy();
    expect(await waitFor('the wait to end', () => decided.find((d) => d.id === waiting.id))).toMatchObject({ reason: 'cancelled' });
  });
});
