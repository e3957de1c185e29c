import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AgentPolicy } from '../../electron/bridge';
import { memoryServer } from '../fixtures/servers/config';
import { startBridge, tempDir, type BridgeHarness } from '../support/bridge-harness';
import { ERAS, eraCaller, type Era, type EraCaller } from '../support/era-caller';

// A search-mode agent's call tools never tell it what the gate denies it: not a denied tool's tier,
// not through a call tool its listing leaves out.
let h: BridgeHarness;
const callers: EraCaller[] = [];
const POLICY: AgentPolicy = { read: 'allow', write: 'ask', destructive: 'deny' };

beforeAll(async () => {
  h = await startBridge({ memory: memoryServer(join(tempDir('search-denied-'), 'memory.jsonl')) });
  await h.pool.start('memory');
  h.bridge.refresh();
}, 60_000);

afterAll(async () => {
  for (const c of callers) await c.close();
  await h.close();
});

async function caller(era: Era, name: string): Promise<EraCaller> {
  // create_entities is a write tool the person's rule denies; delete_entities is in the denied tier.
  const { token } = await h.bridge.agents.add(name, { servers: ['memory'], policy: POLICY, tools: { memory: { create_entities: 'deny' } }, toolMode: 'search' });
  const c = await eraCaller(era, h.bridge.url, token, name);
  callers.push(c);
  return c;
}

function text(result: CallToolResult): string {
  return result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n');
}

describe.each(ERAS)('a denied tool through a call tool (%s)', (era) => {
  it('answers as the direct call does, naming neither its tier nor a call tool the agent is not listed', async () => {
    const c = await caller(era, `denied ${era}`);
    expect(await c.listed()).toEqual(['search_tools', 'call_read_tool', 'call_write_tool']);

    const direct = await c.call('memory__delete_entities', { entityNames: ['x'] });
    expect(direct.isError).toBe(true);
    for (const through of ['call_read_tool', 'call_write_tool']) {
      const answer = await c.call(through, { name: 'memory__delete_entities', arguments: { entityNames: ['x'] } });
      expect(answer.isError, through).toBe(true);
      expect(text(answer), through).toBe(text(direct));
      expect(text(answer), through).not.toMatch(/destructive/);
    }

    // Denied by the person's rule, though its tier's call tool is listed: the gate's answer, not the tier's.
    const ruled = await c.call('memory__create_entities', { entities: [] });
    const throughRead = await c.call('call_read_tool', { name: 'memory__create_entities', arguments: { entities: [] } });
    expect(text(throughRead)).toBe(text(ruled));
    expect(text(throughRead)).not.toMatch(/call_write_tool/);

    // An allowed tool of a higher tier still names the call tool that takes it.
    const wrong = await c.call('call_read_tool', { name: 'memory__add_observations', arguments: { observations: [] } });
    expect(text(wrong)).toContain('call_write_tool');
  });

  it('answers a denied tool through a call tool the listing leaves out as the direct call does', async () => {
    const c = await caller(era, `unlisted ${era}`);
    const unknown = await c.call('no_such_tool', {}).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(unknown).toMatchObject({ code: -32602 });
    const direct = await c.call('memory__delete_entities', { entityNames: ['x'] });
    const unlisted = await c.call('call_destructive_tool', { name: 'memory__delete_entities', arguments: { entityNames: ['x'] } });
    expect(unlisted.isError).toBe(true);
    expect(text(unlisted)).toBe(text(direct));
    expect(text(unlisted)).not.toMatch(/destructive/);
  });

  it('answers a name that is no tool it may call by pointing at search_tools, where its tools are (tools/list holds only the search)', async () => {
    const c = await caller(era, `mistyped ${era}`);
    const answer = await c.call('call_read_tool', { name: 'memory__read_grap', arguments: {} });
    expect(answer.isError).toBe(true);
    expect(text(answer)).toMatch(/^not_found: unknown tool \(a name of 17 characters\)\nWhat to do: Find the tool with search_tools, or list the tools you may use with tools\/list$/);
  });
});
