import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { relatedAsksServer } from '../fixtures/servers/config';
import { askUrlChecksFor } from '../support/ask-url-checks';
import { connectAgent, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { textOf } from '../support/server-harness';

// An agent's cancel carries a free-text reason; the SDK aborts the call with it and the pool tells the
// server the abort's reason. Passed on, the agent's words reached the server past the hold of a vault
// value (and every other check of what an agent sends). The server hears the bridge's own reason.
const SAID = 'stop now, ghp_agent-cancel-reason-4242';
type Waits = { cancelled: number; reasons: string[]; running: number };

let h: BridgeHarness;
beforeAll(async () => {
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ legacy: relatedAsksServer() }, {}, { asks: { router } });
  await h.pool.start('legacy');
}, 60_000);
afterAll(async () => {
  await h?.close();
});

describe("an agent's cancel of a call (2025-11-25 session, over the bridge to a stdio server)", () => {
  it('cancels the call upstream, the server never told what the agent wrote as the reason', async () => {
    const { token } = await h.bridge.agents.add('canceller', { servers: ['legacy'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const agent = await connectAgent(h.bridge.url, token, 'canceller', { elicitation: { form: {} } });
    try {
      let asked = (): void => undefined;
      const elicited = new Promise<void>((resolve) => (asked = resolve));
      agent.client.setRequestHandler(ElicitRequestSchema, () => {
        asked();
        return { action: 'decline' };
      });
      const controller = new AbortController();
      const call = agent.client.callTool({ name: 'legacy__ask-then-wait', arguments: { who: 'x' } }, undefined, { signal: controller.signal }).catch((error: unknown) => String(error));
      // The server asked during the call, so the call runs upstream now.
      await elicited;
      controller.abort(SAID);
      await call;
      const waits = async (): Promise<Waits> => JSON.parse(textOf(await h.pool.callTool('legacy', 'waits', {}))) as Waits;
      await expect.poll(async () => (await waits()).cancelled, { timeout: 20_000 }).toBe(1);
      const seen = await waits();
      expect(seen.reasons).toHaveLength(1);
      expect(seen.reasons[0]).not.toContain('stop now');
      expect(seen.reasons[0]).not.toContain('ghp_');
    } finally {
      await agent.close();
    }
  }, 60_000);
});
