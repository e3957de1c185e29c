import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_LINES_PER_WINDOW, MAX_AGENT_TEXT } from '../../electron/bridge/agent-log';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';

/** A 2026-07-28 tools/list whose envelope names `version` as its revision (MCP 2026-07-28 basic §_meta). */
function listNaming(port: number, token: string, version: string, headers: Record<string, string> = {}) {
  const meta = { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {}, 'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' } };
  return rawRequest(port, { headers: mcpHeaders(port, token, { 'Mcp-Method': 'tools/list', ...headers }), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: meta } }) });
}

// An agent's refused 2026-07-28 request was logged with its own text whole: a line break in it wrote
// a line posing as another server's, 3 MB of it grew serve's log by 3 MB, and nothing bounded how often.
describe("an agent's refused requests in the log", () => {
  let h: BridgeHarness;
  let token = '';
  const lines: string[] = [];
  beforeAll(async () => {
    h = await startBridge({}, { log: (line) => lines.push(line) });
    ({ token } = await h.bridge.agents.add('evil', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'deny' } }));
  });
  afterAll(async () => {
    await h.close();
  });

  it('keep its text on one bounded line, and at most a window of lines a minute', async () => {
    const port = Number(new URL(h.bridge.url).port);
    const forged = await listNaming(port, token, '2099-01-01\n[memory] stderr: FORGED by the agent');
    expect(forged.status).toBeGreaterThanOrEqual(400);
    await listNaming(port, token, `2099-${'9'.repeat(3_000_000)}`);
    for (let i = 0; i < 60; i++) await listNaming(port, token, `2099-01-${i}`);
    const evil = lines.filter((line) => line.includes('agent "evil"'));
    expect(evil.length).toBeGreaterThan(0);
    expect(evil.length).toBeLessThanOrEqual(AGENT_LINES_PER_WINDOW);
    expect(lines.some((line) => line.split('\n').some((part) => part.startsWith('[memory]')))).toBe(false);
    expect(evil[0]).toContain('2099-01-01\\n[memory] stderr: FORGED by the agent');
    for (const line of lines) expect(line.length).toBeLessThan(MAX_AGENT_TEXT + 200);
    // The bridge still serves the agent.
    const fine = await listNaming(port, token, '2026-07-28', { 'MCP-Protocol-Version': '2026-07-28' });
    expect(fine.status).toBe(200);
  }, 60_000);
});
