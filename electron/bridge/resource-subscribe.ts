import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { SubscribeRequest, UnsubscribeRequest } from '@modelcontextprotocol/sdk/types.js';
import { CodedError } from '../../shared/errors';
import { agentError, rpcError } from './agent-errors';
import type { CallContext } from './call-context';
import { passGate, type Extra } from './call-gate';
import { checkLength, MAX_URI_LENGTH } from './input-bounds';
import { serverOfUri } from './read-calls';
import { MAX_SUBSCRIPTIONS_PER_SESSION } from './resource-subscriptions';
import { callCancellation } from './tool-call-lane';

/**
 * resources/subscribe (MCP 2025-11-25 server/resources §Subscriptions) through the gate: the URI must
 * be one of the agent's servers' (listed, or matching a template), its read tier not `deny`, and the
 * bridge not paused. A subscription reads nothing (the reads that follow are gated as reads), so it
 * is never queued for the person; it is audited like a read. Updates reach this session only.
 */
export async function subscribe(ctx: CallContext, agentName: string, session: Server, request: SubscribeRequest, extra: Extra): Promise<Record<string, never>> {
  const uri = request.params.uri;
  const result = await passGate(
    ctx,
    {
      agent: agentName,
      kind: 'resource',
      asked: uri,
      check: () =>
        checkLength(uri, 'the resource URI', MAX_URI_LENGTH) ??
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
      run: async (target, cancel) => {
        const signal = cancel?.signal;
        await ctx.subscriptions.add(session, (updated) => void session.sendResourceUpdated({ uri: updated }).catch(() => undefined), target.server, uri, signal ? { signal } : {});
        return {};
      },
    },
    callCancellation(extra),
  );
  if (result.ok) return {};
  throw rpcError(result.error);
}

/** resources/unsubscribe: ends this session's subscription to the URI; unknown ones are no error (the spec's idempotence). */
export async function unsubscribe(ctx: CallContext, session: Server, request: UnsubscribeRequest): Promise<Record<string, never>> {
  const uri = request.params.uri;
  const tooLong = checkLength(uri, 'the resource URI', MAX_URI_LENGTH);
  if (tooLong) throw rpcError(agentError(tooLong));
  await ctx.subscriptions.remove(session, uri);
  return {};
}
