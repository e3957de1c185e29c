import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent } from '../support/modern-agent';

let h: BridgeHarness;
beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() });
  await h.pool.start('everything');
}, 60_000);
afterAll(async () => {
  await h?.close();
});

// A 2026-07-28 listen naming more than ten resources of a stdio server made serve print Node's
// MaxListenersExceededWarning once per listen: each subscribe listens on the stream's signal at once.
describe('a listen of many resources of a stdio server', () => {
  it('subscribes to each without a warning of the process', async () => {
    const { token } = await h.bridge.agents.add('many', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'deny' } });
    const agent = await connectModernAgent(h.bridge.url, token);
    const warnings: string[] = [];
    const onWarning = (warning: Error): void => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const asked = Array.from({ length: 20 }, (_, i) => `demo://resource/dynamic/text/${i + 1}`);
      const subscription = await agent.client.listen({ resourceSubscriptions: asked });
      // Node emits a warning on a later turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(subscription.honoredFilter.resourceSubscriptions).toEqual(asked);
      expect(warnings).toEqual([]);
      await subscription.close();
    } finally {
      process.off('warning', onWarning);
      await agent.close();
    }
  }, 60_000);
});
