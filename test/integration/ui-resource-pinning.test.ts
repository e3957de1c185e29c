import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../electron/app';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { waitFor } from '../support/server-harness';
import { startShiftingReader } from '../support/shifting-reader';

// An MCP App's document (`ui://`) read by an agent's app host through the bridge passes the same held
// check as any other resource: its bridge address named the server and skipped the pins.
const open: Array<Core | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function refusal(agent: AgentClient, uri: string): Promise<{ message: string; code: unknown }> {
  const error: unknown = await agent.client.readResource({ uri }).then(
    () => undefined,
    (failure: unknown) => failure,
  );
  if (!(error instanceof Error)) throw new Error(`${uri} was read`);
  return { message: error.message, code: (error as Error & { data?: { code?: unknown } }).data?.code };
}

describe("an app's ui:// document, from a real SDK server, read through the bridge", () => {
  it('is read once approved, refused while new and held for review, and refused once the person refuses it', async () => {
    const { core, bridgeUrl, token } = await startShiftingReader('cs-pins-ui-', { SHIFT_APPS: '1' });
    open.push(core);
    const agent = await connectAgent(bridgeUrl, token, 'reader');
    open.push(agent);
    expect((await agent.client.readResource({ uri: 'ui://shifting/notes/view.html' })).contents).toEqual([expect.objectContaining({ uri: 'ui://shifting/notes/view.html', text: 'ui://notes/view.html at stage 1' })]);

    await core.pool.callTool('shifting', 'shift', {});
    await waitFor('the new app document held', async () => ((await core.api.listHeldChanges({ server: 'shifting' })).some((h) => h.name === 'ui://notes/elsewhere.html') ? true : undefined));
    const held = await refusal(agent, 'ui://shifting/notes/elsewhere.html');
    expect(held.message).toContain('resource ui://notes/elsewhere.html of "shifting" is new and waits for the person\'s review');
    expect(held.code).toBe('denied');
    expect(held.message).not.toContain('at stage');
    // The approved one still reads.
    expect((await agent.client.readResource({ uri: 'ui://shifting/notes/view.html' })).contents).toEqual([expect.objectContaining({ text: 'ui://notes/view.html at stage 2' })]);

    await core.api.reviewChanges({ name: 'shifting', decisions: [{ kind: 'resource', name: 'ui://notes/elsewhere.html', decision: 'refuse' }] });
    expect((await refusal(agent, 'ui://shifting/notes/elsewhere.html')).message).toContain('the person refused resource ui://notes/elsewhere.html of "shifting"');
  }, 120_000);
});
