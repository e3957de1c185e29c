import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentPolicy } from '../../electron/bridge';
import { everythingServer } from '../fixtures/servers/config';
import { firstText, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { ERAS, eraCaller, type Era, type EraCaller } from '../support/era-caller';

// server-everything's simulate-research-query may only run as a task (execution.taskSupport
// "required", MCP 2025-11-25 §tasks); the bridge forwards no task-augmented calls, so no agent is
// offered it, and one that names it is told why.
let h: BridgeHarness;
const callers: EraCaller[] = [];
const POLICY: AgentPolicy = { read: 'allow', write: 'allow', destructive: 'allow' };
const TASK_TOOL = 'everything__simulate-research-query';

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of callers) await c.close();
  await h.close();
});

async function caller(era: Era, name: string, toolMode?: 'search'): Promise<EraCaller> {
  const { token } = await h.bridge.agents.add(name, { servers: ['everything'], policy: POLICY, ...(toolMode ? { toolMode } : {}) });
  const c = await eraCaller(era, h.bridge.url, token, name);
  callers.push(c);
  return c;
}

function expectTaskRefusal(result: CallToolResult): void {
  expect(result.isError).toBe(true);
  const text = firstText(result);
  expect(text).toContain(`tool "${TASK_TOOL}" can only be run as an MCP task`);
  expect(text).toContain('this bridge does not forward tasks');
  expect(text).not.toMatch(/not_found|unknown tool/);
}

describe.each(ERAS)('a tool that may only run as a task (%s)', (era) => {
  it('is not listed; a tool whose tasks are optional or forbidden is; calling it by name says why it cannot run', async () => {
    const c = await caller(era, `listing ${era}`);
    const listed = await c.listed();
    expect(listed).toContain('everything__trigger-long-running-operation');
    expect(listed).toContain('everything__echo');
    expect(listed).not.toContain(TASK_TOOL);
    expectTaskRefusal(await c.call(TASK_TOOL, { topic: 'tides' }));
  });

  it('is never found by search, and a call tool naming it gets the same answer', async () => {
    const c = await caller(era, `search ${era}`, 'search');
    const search = async (query: string): Promise<string[]> => (JSON.parse(firstText(await c.call('search_tools', { query, limit: 20 }))) as { tools: Array<{ name: string }> }).tools.map((t) => t.name);
    expect(await search('repeat my message back to me')).toContain('everything__echo');
    expect(await search('simulate a deep research query on a topic')).not.toContain(TASK_TOOL);
    expectTaskRefusal(await c.call('call_write_tool', { name: TASK_TOOL, arguments: { topic: 'tides' } }));
  });
});
