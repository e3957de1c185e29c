import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLS_PER_WINDOW, RECORDED_BYTES_PER_WINDOW } from '../../electron/bridge/audit-budget';
import { AuditLog } from '../../electron/bridge/audit-log';
import { everythingServer } from '../fixtures/servers/config';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const CLIENTS = 4;
const CALLS_EACH = 175;
const MESSAGE = 'z'.repeat(15_000);
const ALLOW = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

// The review's flood, bounded in count: a read-tier tool with 15 KB arguments (and a 15 KB result),
// called in a loop by one agent with auditArguments on, must not push another agent's refusals out.
describe("one agent's calls flooding the audit", () => {
  let h: BridgeHarness;
  const clients: AgentClient[] = [];
  beforeAll(async () => {
    h = await startBridge({ everything: everythingServer() }, { auditArguments: true });
  }, 60_000);
  let closed = false;
  afterAll(async () => {
    for (const c of clients.splice(0)) await c.close();
    if (!closed) await h.close();
  });

  it("costs the audit a bounded amount, counted past its bound; the other agent's refusal and error stay in readAudit", async () => {
    const other = await connectAgent(h.bridge.url, (await h.bridge.agents.add('other', { servers: ['everything'], policy: { read: 'deny', write: 'deny', destructive: 'deny' } })).token);
    clients.push(other);
    expect((await other.client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } })).isError).toBe(true);
    // An unknown tool is a protocol error (-32602), audited as an error.
    await expect(other.client.callTool({ name: 'everything__no_such_tool', arguments: {} })).rejects.toThrow(/unknown tool/);

    const { token } = await h.bridge.agents.add('flood', { servers: ['everything'], policy: ALLOW });
    for (let i = 0; i < CLIENTS; i++) clients.push(await connectAgent(h.bridge.url, token));
    await Promise.all(
      clients.slice(1).map(async ({ client }) => {
        for (let i = 0; i < CALLS_EACH; i++) await client.callTool({ name: 'everything__echo', arguments: { message: MESSAGE } });
      }),
    );
    await h.bridge.audit.flush();

    const others = await h.bridge.audit.read({ agent: 'other', limit: 10 });
    expect(others.map((e) => e.outcome).sort()).toEqual(['denied', 'error']);
    // The count of a window is written when it ends: here, when the bridge closes.
    for (const c of clients.splice(0)) await c.close();
    await h.close();
    closed = true;
    const flood = await new AuditLog({ dataDir: h.dataDir }).read({ agent: 'flood', limit: 5000 });
    const written = flood.filter((e) => e.repeated === undefined);
    // One window per minute: a slow machine may see two, never one line per call.
    expect(written.length).toBeLessThanOrEqual(2 * CALLS_PER_WINDOW);
    expect(written.length + flood.reduce((sum, e) => sum + (e.repeated ?? 0), 0)).toBe(CLIENTS * CALLS_EACH);
    expect(flood.some((e) => e.leftOut === 'flood' && e.arguments === undefined && e.tool === 'echo' && e.outcome === 'ok')).toBe(true);
    // Without the bounds: 700 lines of ~30 KB each, 21 MB.
    const dir = join(h.dataDir, 'audit');
    const bytes = readdirSync(dir).reduce((sum, f) => sum + statSync(join(dir, f)).size, 0);
    expect(bytes).toBeLessThan(2 * (RECORDED_BYTES_PER_WINDOW + CALLS_PER_WINDOW * 1024));
  }, 120_000);
});
