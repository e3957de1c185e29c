import { describe, expect, it } from 'vitest';
import { connectModernAgent } from '../support/modern-agent';
import { MODERN } from '../support/modern-raw';
import { startLanePair } from '../support/lane-pair';
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

// A 2026-07-28 call on createMcpHandler's path (the bridge without its lane) is answered by a stop
// too, before the stream closes: the SDK client would otherwise wait for its own close.
describe("a 2026-07-28 call on the SDK's path when the bridge closes", () => {
  it('is answered with the error that says the bridge is stopping', async () => {
    const pair = await startLanePair();
    const bridge = pair.withoutLane;
    const { token } = await bridge.agents.add('caller', { servers: ['*'], policy: ALLOW_ALL });
    const agent = await connectModernAgent(bridge.url, token, { pin: MODERN });
    try {
      let onprogress: () => void = () => undefined;
      const began = new Promise<void>((resolve) => (onprogress = resolve));
      const call = agent.client.callTool({ name: 'fault__slow', arguments: { ms: 120_000 } }, { onprogress, timeout: 300_000 });
      await began;
      const closed = bridge.close();
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<string>((resolve) => (timer = setTimeout(() => resolve('not in time'), 30_000)));
      const outcome = await Promise.race([call.then(() => 'resolved', (error: unknown) => `${String((error as { code?: unknown }).code)} ${error instanceof Error ? error.message : String(error)}`), late]);
      clearTimeout(timer);
      expect(/^-32013 .*Connected Services bridge is stopping.*may already have run/is.test(outcome) ? 'stopping' : outcome).toBe('stopping');
      await closed;
    } finally {
      await agent.close().catch(() => undefined);
      await pair.close();
    }
  }, 120_000);
});
