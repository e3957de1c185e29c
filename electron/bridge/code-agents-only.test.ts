import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../../test/support/bridge-harness';
import { STORED_AGENT_REFUSED } from './program-bridge';
import { hashToken, newAgentToken } from './token';

/** A program's own bridge (docs/library.md) serves the agents it declared, never agents.json's. */
describe('a bridge that serves only the agents declared in code', () => {
  let harness: BridgeHarness | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  async function withAgents(codeAgentsOnly: boolean): Promise<{ port: number; stored: string; code: string }> {
    harness = await startBridge({}, codeAgentsOnly ? { codeAgentsOnly } : {});
    const { token: stored } = await harness.bridge.agents.add('stored', { servers: '*' });
    const code = newAgentToken();
    harness.bridge.agents.declareFromCode({ mine: { tokenHash: hashToken(code).hex, servers: '*' } });
    return { port: harness.bridge.port, stored, code };
  }

  it("refuses a stored agent's initialize with 401, pointing it to the app's bridge, and serves its own agent", async () => {
    const { port, stored, code } = await withAgents(true);
    const refused = await rawRequest(port, { headers: mcpHeaders(port, stored), body: INITIALIZE });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { message: `Unauthorized: ${STORED_AGENT_REFUSED}` } });
    // Never "the app is not running": the app may have started since, on its own port.
    expect(refused.body).toContain("this agent is served by the app's bridge");
    expect(refused.body).not.toContain('is not running:');
    expect((await rawRequest(port, { headers: mcpHeaders(port, code), body: INITIALIZE })).status).toBe(200);
  });

  it("never remembers an approval for a stored agent in agents.json", async () => {
    await withAgents(true);
    const bridge = harness?.bridge;
    if (!bridge) throw new Error('no bridge');
    const before = readFileSync(bridge.agents.file, 'utf8');
    const asked = bridge.approvals.request({ agent: 'stored', server: 'files', kind: 'tool', tool: 'write_file', tier: 'write' });
    const pending = bridge.approvals.list()[0];
    await expect(bridge.approvals.allow(pending?.id ?? '', { remember: true })).rejects.toThrow('"stored" is not an agent declared by this program');
    expect(readFileSync(bridge.agents.file, 'utf8')).toBe(before);
    await bridge.approvals.allow(pending?.id ?? '');
    expect((await asked).outcome).toBe('allowed');
    // Its own agent's "always allow" holds in memory, as in the app.
    const own = bridge.approvals.request({ agent: 'mine', server: 'files', kind: 'tool', tool: 'write_file', tier: 'write' });
    await bridge.approvals.allow(bridge.approvals.list()[0]?.id ?? '', { remember: true });
    expect((await own).outcome).toBe('allowed');
    expect(bridge.agents.get('mine')?.tools).toEqual({ files: { write_file: 'allow' } });
    expect(readFileSync(bridge.agents.file, 'utf8')).toBe(before);
  });

  it("the app's bridge serves both", async () => {
    const { port, stored, code } = await withAgents(false);
    expect((await rawRequest(port, { headers: mcpHeaders(port, stored), body: INITIALIZE })).status).toBe(200);
    expect((await rawRequest(port, { headers: mcpHeaders(port, code), body: INITIALIZE })).status).toBe(200);
  });
});
