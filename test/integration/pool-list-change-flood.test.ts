import { afterEach, describe, expect, it } from 'vitest';
import { LIST_CHANGE_BURST, LIST_CHANGE_MAX_GAP_MS, LIST_CHANGE_MIN_GAP_MS } from '../../electron/pool/list-change-pacer';
import { listChangeFloodServer } from '../fixtures/servers/config';
import { ManualTimers } from '../support/manual-timers';
import { textOf, waitFor } from '../support/server-harness';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const open: Array<BridgeHarness | AgentClient> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

/**
 * One notification per step of the pool's clock, each step just past the shortest gap: none comes
 * while a gap runs, so the gaps alone never grow. 2,000 in all, each for a list that really changed.
 */
const STEPS = 2_000;

describe('a server changing its tool list 2,000 times, each change said just after the pool would list again', () => {
  it('is listed again a bounded number of times, and the agent ends with its final list', async () => {
    // The pool's clock and timers are the test's: counts, not timing, decide it.
    const timers = new ManualTimers();
    const logs: string[] = [];
    const h = await startBridge({ flood: listChangeFloodServer() }, {}, { now: timers.now, setTimer: timers.setTimer, log: (line) => logs.push(line) });
    open.push(h);
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token);
    open.push(agent);
    await h.pool.start('flood');
    for (let i = 0; i < STEPS; i++) {
      timers.advance(LIST_CHANGE_MIN_GAP_MS + 10);
      await h.pool.callTool('flood', 'change', { n: 1 });
    }
    const final = STEPS;
    // Whatever still waits for the budget is listed when its time comes: the last change is not lost.
    timers.advance(LIST_CHANGE_MAX_GAP_MS);
    const names = await waitFor(
      'the final list at the agent',
      async () => {
        const listed = (await agent.client.listTools()).tools.map((tool) => tool.name);
        return listed.includes(`flood__at_${final}`) ? listed : undefined;
      },
      30_000,
    );
    expect(names.filter((name) => name.startsWith('flood__at_'))).toEqual([`flood__at_${final}`]);
    const listings = Number(textOf(await h.pool.callTool('flood', 'listings', {})));
    const elapsed = STEPS * (LIST_CHANGE_MIN_GAP_MS + 10) + LIST_CHANGE_MAX_GAP_MS;
    // The start's listing, the budget's burst, then one per max gap of the pool's clock. Without the
    // budget every notification asked for one at once: 2,000, of which only those a listing under way
    // took in were merged (well over a hundred listings).
    expect(listings).toBeLessThanOrEqual(1 + LIST_CHANGE_BURST + Math.ceil(elapsed / LIST_CHANGE_MAX_GAP_MS));
    expect(logs.filter((line) => line.includes('keeps saying its lists changed'))).toHaveLength(1);
    expect(h.pool.status('flood').state).toBe('ready');
  }, 120_000);
});
