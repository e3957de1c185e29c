import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingApproval } from '../../electron/bridge';
import { everythingServer } from '../fixtures/servers/config';
import { connectAgent, firstText, mcpHeaders, rawRequest, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, probeWith, type ModernAgent } from '../support/modern-agent';
import { envelope, MODERN } from '../support/modern-raw';

// Issue #30 item 2: the bridge serves 2026-07-28 agents (stateless, per-request `_meta`) and 2025-era
// sessions on its one URL, with the same gate, approvals and audit for both.
let h: BridgeHarness;
const legacy: AgentClient[] = [];
const modern: ModernAgent[] = [];
const pending: PendingApproval[] = [];
const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const ASK = { read: 'ask', write: 'ask', destructive: 'ask' } as const;

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  h.bridge.approvals.on('pending', (p) => pending.push(p));
}, 60_000);

afterAll(async () => {
  for (const c of legacy) await c.close();
  for (const c of modern) await c.close();
  await h.close();
});

async function token(name: string, policy: typeof ALLOW | typeof ASK = ALLOW): Promise<string> {
  return (await h.bridge.agents.add(name, { servers: ['*'], policy })).token;
}

/** A raw 2026-07-28 request: the `_meta` envelope and the standard headers (MCP 2026-07-28 basic/transports). */
function modernBody(id: number, method: string, params: Record<string, unknown> = {}): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope() } });
}

describe('both eras on the one URL (server-everything over stdio behind the bridge)', () => {
  it('an SDK v2 client (2026-07-28) and an SDK 1.x client list and call at once; listings carry private cache hints', async () => {
    const tokenOf = await token('both-eras');
    const [v2, v1] = await Promise.all([connectModernAgent(h.bridge.url, tokenOf), connectAgent(h.bridge.url, tokenOf, 'legacy-agent')]);
    modern.push(v2);
    legacy.push(v1);
    expect(v2.client.getNegotiatedProtocolVersion()).toBe(MODERN);
    expect(v1.client.getServerVersion()?.name).toBe('connected-services');

    const [modernTools, legacyTools] = await Promise.all([v2.client.listTools(), v1.client.listTools()]);
    expect(modernTools.tools.map((t) => t.name).sort()).toEqual(legacyTools.tools.map((t) => t.name).sort());
    expect(modernTools.tools.some((t) => t.name === 'everything__echo')).toBe(true);
    // MCP 2026-07-28 §Caching: an agent's listing is its own.
    expect(modernTools).toMatchObject({ cacheScope: 'private' });
    expect((modernTools as { ttlMs?: number }).ttlMs).toBeGreaterThan(0);
    // JSON Schema kept as the server gave it.
    const echoModern = modernTools.tools.find((t) => t.name === 'everything__echo');
    const echoLegacy = legacyTools.tools.find((t) => t.name === 'everything__echo');
    expect(echoModern?.inputSchema).toEqual(echoLegacy?.inputSchema);

    const [a, b] = await Promise.all([
      v2.client.callTool({ name: 'everything__echo', arguments: { message: 'modern' } }),
      v1.client.callTool({ name: 'everything__echo', arguments: { message: 'legacy' } }),
    ]);
    expect(firstText(a)).toBe('Echo: modern');
    expect(firstText(b)).toBe('Echo: legacy');
    expect(v2.statuses.every((s) => s < 500)).toBe(true);
    // The era each agent last spoke (agents list, the Agents screen).
    await v2.client.callTool({ name: 'everything__echo', arguments: { message: 'again' } });
    expect(h.bridge.protocolOf('both-eras')).toBe(MODERN);

    await h.bridge.audit.flush();
    const audited = await h.bridge.audit.read({ agent: 'both-eras' });
    expect(audited.filter((e) => e.tool === 'echo' && e.outcome === 'ok').length).toBe(3);
  });

  it('the approval gate holds for both eras: each call waits for the person, a denial reaches either agent', async () => {
    const tokenOf = await token('asks-both', ASK);
    const v2 = await connectModernAgent(h.bridge.url, tokenOf);
    const v1 = await connectAgent(h.bridge.url, tokenOf, 'legacy-asker');
    modern.push(v2);
    legacy.push(v1);
    const before = pending.length;
    const modernCall = v2.client.callTool({ name: 'everything__echo', arguments: { message: 'm' } });
    const legacyCall = v1.client.callTool({ name: 'everything__echo', arguments: { message: 'l' } });
    await expect.poll(() => pending.length - before, { timeout: 10_000 }).toBe(2);
    const asked = pending.slice(before);
    expect(asked.every((p) => p.agent === 'asks-both' && p.tool === 'echo')).toBe(true);
    const modernAsk = asked.find((p) => JSON.stringify(p.arguments).includes('"m"'));
    const legacyAsk = asked.find((p) => JSON.stringify(p.arguments).includes('"l"'));
    if (!modernAsk || !legacyAsk) throw new Error('both calls should wait for the person');
    h.bridge.approvals.deny(modernAsk.id);
    await h.bridge.approvals.allow(legacyAsk.id);
    const [denied, allowed] = await Promise.all([modernCall, legacyCall]);
    expect(denied.isError).toBe(true);
    expect(firstText(denied)).toMatch(/denied|not approve/i);
    expect(firstText(allowed)).toBe('Echo: l');
  });

  it('answers server/discover, and refuses headers that disagree with the body (-32020) without a 5xx', async () => {
    const tokenOf = await token('raw-modern');
    const headers = mcpHeaders(h.bridge.port, tokenOf, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'server/discover' });
    const discover = await rawRequest(h.bridge.port, { headers, body: modernBody(1, 'server/discover') });
    expect(discover.status).toBe(200);
    const found = JSON.parse(discover.body) as { result: { supportedVersions: string[]; capabilities: Record<string, unknown> } };
    expect(found.result.supportedVersions).toContain(MODERN);
    expect(found.result.capabilities).toHaveProperty('tools');
    expect(discover.body).toContain('connected-services');

    const call = modernBody(2, 'tools/call', { name: 'everything__echo', arguments: { message: 'x' } });
    const wrongMethod = await rawRequest(h.bridge.port, { headers: { ...headers, 'Mcp-Method': 'tools/list', 'Mcp-Name': 'everything__echo' }, body: call });
    const wrongName = await rawRequest(h.bridge.port, { headers: { ...headers, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'everything__add' }, body: call });
    const noName = await rawRequest(h.bridge.port, { headers: { ...headers, 'Mcp-Method': 'tools/call' }, body: call });
    for (const refused of [wrongMethod, wrongName, noName]) {
      expect(refused.status).toBe(400);
      expect((JSON.parse(refused.body) as { error: { code: number } }).error.code).toBe(-32020);
    }
    const right = await rawRequest(h.bridge.port, { headers: { ...headers, 'Mcp-Method': 'tools/call', 'Mcp-Name': 'everything__echo' }, body: call });
    expect(right.status).toBe(200);
    expect(right.body).toContain('Echo: x');
  });

  it('the guards run first for the modern era too: no token, a removed agent, a web page', async () => {
    const tokenOf = await token('removed-modern');
    const headers = mcpHeaders(h.bridge.port, tokenOf, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/list' });
    const body = modernBody(1, 'tools/list');
    expect((await rawRequest(h.bridge.port, { headers, body })).status).toBe(200);
    expect((await rawRequest(h.bridge.port, { headers: { ...headers, Origin: 'https://evil.example' }, body })).status).toBe(403);
    const { Authorization: _dropped, ...anonymous } = headers;
    expect((await rawRequest(h.bridge.port, { headers: anonymous, body })).status).toBe(401);
    await h.bridge.agents.remove('removed-modern');
    expect((await rawRequest(h.bridge.port, { headers, body })).status).toBe(401);
  });

  it('a probe from every SDK v2 negotiation mode is answered or refused cleanly, never with a 5xx', async () => {
    const tokenOf = await token('probes');
    const modes = ['auto', 'legacy', { pin: MODERN }, { pin: '2025-11-25' }, { pin: '2099-01-01' }] as const;
    const outcomes = [];
    for (const mode of modes) outcomes.push({ mode, ...(await probeWith(h.bridge.url, tokenOf, mode)) });
    for (const outcome of outcomes) expect(outcome.statuses.filter((s) => s >= 500), JSON.stringify(outcome)).toEqual([]);
    const [auto, plain, pinned, pinnedOld, pinnedFuture] = outcomes;
    expect(auto?.version).toBe(MODERN);
    expect(plain?.version).toBe('2025-11-25');
    expect(pinned?.version).toBe(MODERN);
    // Pinning a revision the bridge does not serve in the modern era fails in the client, cleanly.
    expect(pinnedOld?.error ?? pinnedOld?.version).toBeDefined();
    expect(pinnedFuture?.error).toBeDefined();
  });
});
