import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { everythingServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { eraCaller, type EraCaller } from '../support/era-caller';

// search_tools with a `server` that is not configured: an agent of every service (`*`) was told
// "none of your tools fits that query; try other words", blaming its words, while an agent with a
// list of services was told there is no such service. Both are told the service does not exist.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
let h: BridgeHarness;
const callers: EraCaller[] = [];

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of callers) await c.close();
  await h.close();
});

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe('search_tools naming a service that is not configured', () => {
  it('says there is no such service, for an agent of every service as for one with a list', async () => {
    const answers: string[] = [];
    for (const [name, servers] of [['every', ['*']], ['listed', ['everything']]] as const) {
      const { token } = await h.bridge.agents.add(name, { servers: [...servers], policy: ALLOW_ALL, toolMode: 'search' });
      const c = await eraCaller('2025-11-25', h.bridge.url, token, name);
      callers.push(c);
      const missing = await c.call('search_tools', { query: 'echo', server: 'everythng' });
      expect(missing.isError, name).toBe(true);
      answers.push(text(missing));
      // The service that is there is still searched.
      expect(text(await c.call('search_tools', { query: 'echo', server: 'everything' })), name).toContain('everything__echo');
    }
    expect(answers[0]).toMatch(/^not_found: no service among those you may use has that name \(a name of 9 characters\)/);
    expect(answers[0]).toBe(answers[1]);
  }, 60_000);
});
