import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_ACTIVITY_FILE } from '../../electron/bridge/agent-activity';
import { everythingServer } from '../fixtures/servers/config';
import { connectAgent, mcpHeaders, rawRequest, startBridge, tempDir } from '../support/bridge-harness';

// The Agents screen says "last used" or "never used": a restart of the app must not turn the first
// into the second (a person could remove an agent in use because of it).
describe("an agent's last use, across restarts of the bridge", () => {
  it('is kept, is not the quiet-time watch of the next run, and goes with its agent', async () => {
    const dataDir = tempDir('bridge-activity-');
    const first = await startBridge({ everything: everythingServer() }, { dataDir });
    const { token } = await first.bridge.agents.add('helper', { servers: ['*'] });
    await first.bridge.agents.add('idle', { servers: ['*'] });
    const agent = await connectAgent(first.bridge.url, token);
    await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'hi' } });
    await agent.close();
    const used = first.bridge.lastUsedAt('helper');
    expect(used).toBeGreaterThan(0);
    await first.close();
    // The revision its session spoke (the SDK client asks for the newest it knows, 2025-11-25) is kept with it.
    expect(JSON.parse(readFileSync(join(dataDir, AGENT_ACTIVITY_FILE), 'utf8'))).toEqual({ version: 1, lastUsed: { helper: used }, protocol: { helper: '2025-11-25' } });

    const second = await startBridge({ everything: everythingServer() }, { dataDir });
    try {
      expect(second.bridge.lastUsedAt('helper')).toBe(used);
      expect(second.bridge.protocolOf('helper')).toBe('2025-11-25');
      expect(second.bridge.protocolOf('idle')).toBeUndefined();
      expect(second.bridge.lastUsedAt('idle')).toBeUndefined();
      // Nothing reached this run yet: memory is not given back for an earlier run's requests.
      expect(second.bridge.lastRequestAt()).toBeUndefined();
      // Removed and made again under the same name: a new agent, never used.
      await second.bridge.agents.remove('helper');
      await second.bridge.agents.add('helper', { servers: ['*'] });
      expect(second.bridge.lastUsedAt('helper')).toBeUndefined();
      expect(second.bridge.protocolOf('helper')).toBeUndefined();
    } finally {
      await second.close();
    }
    expect(JSON.parse(readFileSync(join(dataDir, AGENT_ACTIVITY_FILE), 'utf8'))).toEqual({ version: 1, lastUsed: {}, protocol: {} });
  }, 60_000);

  it('a damaged file is said once and replaced, never a failed start', async () => {
    const dataDir = tempDir('bridge-activity-bad-');
    writeFileSync(join(dataDir, AGENT_ACTIVITY_FILE), '{"version":1,"lastUsed":{"a":"yesterday"}}');
    const logs: string[] = [];
    const h = await startBridge({ everything: everythingServer() }, { dataDir, log: (line) => logs.push(line) });
    await h.close();
    expect(logs.filter((line) => line.includes(AGENT_ACTIVITY_FILE))).toEqual([
      `${AGENT_ACTIVITY_FILE} is not what this version writes; agents' earlier use is not shown and the file is written anew`,
    ]);
    expect(JSON.parse(readFileSync(join(dataDir, AGENT_ACTIVITY_FILE), 'utf8'))).toEqual({ version: 1, lastUsed: {}, protocol: {} });
  }, 60_000);

  // Issue #30: agents list and the Agents screen show the revision each agent last spoke.
  it('records the revision a session settled on: an older one the SDK supports as asked, an unknown one as the newest', async () => {
    const h = await startBridge({ everything: everythingServer() });
    try {
      const { token } = await h.bridge.agents.add('older', { servers: ['*'] });
      const initialize = (revision: string) =>
        JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: revision, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
      const port = Number(new URL(h.bridge.url).port);
      expect((await rawRequest(port, { headers: mcpHeaders(port, token), body: initialize('2025-03-26') })).status).toBe(200);
      expect(h.bridge.protocolOf('older')).toBe('2025-03-26');
      expect((await rawRequest(port, { headers: mcpHeaders(port, token), body: initialize('2099-01-01') })).status).toBe(200);
      expect(h.bridge.protocolOf('older')).toBe('2025-11-25');
    } finally {
      await h.close();
    }
  }, 60_000);
});
