import { SdkError, SdkErrorCode, type Client, type McpSubscription } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadClientSdk } from './client-sdk';
import { toPoolError, type ErrorContext } from './map-error';
import { LISTEN_ACK_MS, ResourceSubscriber } from './resource-subscriber';

// Loaded by the first connection in the app; the SDK's errors are told apart only once it is.
beforeAll(async () => {
  await loadClientSdk();
});

/** A 2026-07-28 server whose listen is never acknowledged: the SDK's own ack timeout. */
function silentServer(): Client {
  const stub = {
    getProtocolEra: () => 'modern',
    getServerCapabilities: () => ({ resources: { subscribe: true } }),
    listen: (_filter: unknown, options?: { timeout?: number }): Promise<McpSubscription> =>
      Promise.reject(new SdkError(SdkErrorCode.RequestTimeout, 'subscriptions/listen ack timed out', { timeout: options?.timeout })),
  };
  return stub as unknown as Client;
}

/** A subscribe's failure as the pool says it, under the call's own 60 s timeout. */
async function subscribeFailure(ackMs: number): Promise<ReturnType<typeof toPoolError>> {
  const subscriber = new ResourceSubscriber(silentServer(), () => undefined, ackMs);
  const ctx: ErrorContext = { server: 'quiet', phase: 'call', what: 'subscription to file:///a', timeoutMs: 60_000 };
  return subscriber.subscribe('file:///a', { timeout: 60_000 }).then(
    () => expect.fail('the subscribe was acknowledged'),
    (error: unknown) => toPoolError(error, ctx),
  );
}

describe('a subscribe whose listen is not acknowledged', () => {
  it('says the wait it had and names startupTimeoutMs when that bounded it', async () => {
    const error = await subscribeFailure(2_500);
    expect(error).toMatchObject({ code: 'timeout', message: 'subscription to file:///a on "quiet" did not answer within 2.5 s: the server did not acknowledge its change stream (subscriptions/listen)' });
    expect(error.hint).toBe(`retry, or raise "startupTimeoutMs" of "quiet" in mcp.json: it bounds this wait (the bridge waits at most ${LISTEN_ACK_MS / 1000} s)`);
  });

  it('says the bridge’s fixed bound when startupTimeoutMs is past it, and never the call’s timeoutMs', async () => {
    const error = await subscribeFailure(LISTEN_ACK_MS);
    expect(error.message).toContain(`did not answer within ${LISTEN_ACK_MS / 1000} s:`);
    expect(error.hint).toBe(`retry, or check that "quiet" acknowledges subscriptions/listen: the bridge waits at most ${LISTEN_ACK_MS / 1000} s for it, whatever its "startupTimeoutMs"`);
    expect(error.hint).not.toContain('timeoutMs" of');
  });
});
