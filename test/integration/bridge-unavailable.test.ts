import { afterEach, describe, expect, it } from 'vitest';
import { ToolListChangedNotificationSchema, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const META = 'connected-services/unavailable';
const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

function faultTools(tools: Tool[]): Tool[] {
  return tools.filter((t) => t.name.startsWith('fault__'));
}

describe('tools of a server that failed, listed to an unmodified SDK client', () => {
  it('are marked unavailable after a crash (with list_changed), and plain again once it runs', async () => {
    // One crash is enough to give up: the server stays in `error` until started again.
    const h = await startBridge({ fault: faultServer() }, {}, { restartPolicy: { maxCrashes: 1 } });
    open.push(h);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);
    await h.pool.start('fault');

    let changed = 0;
    agent.client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed++;
    });
    // Notifications travel on the GET stream the client opens after initializing: wait until one arrives.
    for (let attempt = 0; attempt < 10 && changed === 0; attempt++) {
      h.bridge.refresh();
      await waitFor('the GET stream', () => changed > 0, 1_000).catch(() => undefined);
    }
    expect(changed).toBeGreaterThan(0);
    const before = faultTools((await agent.client.listTools()).tools);
    expect(before.length).toBeGreaterThan(3);
    expect(before.every((t) => !t.description?.startsWith('Unavailable') && t._meta?.[META] === undefined)).toBe(true);

    changed = 0;
    await expect(h.pool.callTool('fault', 'crash', {})).rejects.toMatchObject({ code: 'server_unavailable' });
    await waitFor('the server in error', () => h.pool.status('fault').state === 'error');
    await waitFor('tools/list_changed after the failure', () => changed > 0);
    const marked = faultTools((await agent.client.listTools()).tools);
    expect(marked.map((t) => t.name)).toEqual(before.map((t) => t.name));
    for (const tool of marked) {
      expect(tool.description).toMatch(/^Unavailable: fault is not running \(.+\); ask the person to fix it in Connected Services\. \[fault\]/);
      expect(tool._meta?.[META]).toMatchObject({ state: 'error', reason: expect.any(String) as string });
    }

    changed = 0;
    await h.pool.start('fault');
    await waitFor('tools/list_changed once it runs again', () => changed > 0);
    expect(faultTools((await agent.client.listTools()).tools)).toEqual(before);
  });
});
