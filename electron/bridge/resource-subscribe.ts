import type { Server, UnsubscribeRequest } from '@modelcontextprotocol/server';
import { CodedError } from '../../shared/errors';
import { fromBridgeAddress } from '../mcp-apps';
import { agentError, rpcError } from './agent-errors';
import type { CallContext } from './call-context';
import { passGate, type Extra } from './call-gate';
import { checkLength, MAX_SUBSCRIBED_URI_LENGTH, MAX_URI_LENGTH } from './input-bounds';
import { serverOfUri } from './read-calls';
import { MAX_SUBSCRIPTIONS_PER_SESSION } from './resource-subscriptions';
import { callCancellation } from './tool-call-lane';
import { unknownName } from './unknown-names';

/** Who holds a subscription: a legacy session (its SDK server), or one 2026-07-28 listen stream. */
export interface Subscriber {
  /** The key its subscriptions are held under (given back together when it ends). */
  key: object;
  /** Tells it the resource changed. */
  notify: (uri: string) => void;
}

/** A legacy session as a subscriber: updates go to that session only (notifications/resources/updated). */
export function sessionSubscriber(session: Server): Subscriber {
  return { key: session, notify: (uri) => void session.sendResourceUpdated({ uri }).catch(() => undefined) };
}

/**
 * resources/subscribe (MCP 2025-11-25 server/resources §Subscriptions), or one URI of a 2026-07-28
 * `subscriptions/listen` (`resourceSubscriptions`), through the gate: the URI must be one of the
 * agent's servers' (listed, or matching a template), its read tier not `deny`, and the bridge not
 * paused. A subscription reads nothing (the reads that follow are gated as reads), so it is not
 * queued for the person, unless its URI holds a vault value (call-gate.ts); it is audited like a read. Updates reach this subscriber only.
 */
export async function subscribeUri(ctx: CallContext, agentName: string, subscriber: Subscriber, uri: string, extra: Pick<Extra, 'signal' | 'stoppedWaiting'>): Promise<void> {
  const session = subscriber.key;
  const result = await passGate(
    ctx,
    {
      agent: agentName,
      kind: 'resource',
      asked: uri,
      sendsAsked: true,
      check: () =>
        checkLength(uri, 'a subscribed resource URI', MAX_SUBSCRIBED_URI_LENGTH) ??
        (ctx.subscriptions.count(session) >= MAX_SUBSCRIPTIONS_PER_SESSION
          ? new CodedError('rate_limited', `a session holds at most ${MAX_SUBSCRIPTIONS_PER_SESSION} subscriptions`, { hint: 'unsubscribe from resources you no longer follow' })
          : undefined),
      find: async (agent) => {
        try {
          const server = await serverOfUri(ctx, agent, uri);
          return { target: { server, name: uri, tier: 'read', decision: agent.policy.read === 'deny' ? 'deny' : 'allow' } };
        } catch (error) {
          return { error: agentError(error) };
        }
      },
      unknown: () => unknownName('resource', uri),
      run: async (target, cancel) => {
        const signal = cancel?.signal;
        // An app's address as the bridge gives it (`ui://<server>/…`) is subscribed by the server's own (read-calls.ts does the same for reads).
        const own = fromBridgeAddress(uri)?.uri ?? uri;
        await ctx.subscriptions.add(session, subscriber.notify, target.server, own, signal ? { signal, agent: agentName } : { agent: agentName });
        return {};
      },
    },
    callCancellation(extra),
    extra,
  );
  if (!result.ok) throw rpcError(result.error);
}

/** resources/unsubscribe: ends this session's subscription to the URI; unknown ones are no error (the spec's idempotence). */
export async function unsubscribe(ctx: CallContext, session: Server, request: UnsubscribeRequest): Promise<Record<string, never>> {
  const uri = request.params.uri;
  const tooLong = checkLength(uri, 'the resource URI', MAX_URI_LENGTH);
  if (tooLong) throw rpcError(agentError(tooLong));
  await ctx.subscriptions.remove(session, uri);
  return {};
}
