import { setMaxListeners } from 'node:events';
import type { ServerResponse } from 'node:http';
import { CodedError } from '../../shared/errors';
import { agentError, rpcError, RpcError } from './agent-errors';
import type { CallContext } from './call-context';
import { MAX_LISTENS_PER_AGENT, type ModernHandlers } from './modern-handlers';
import { endJson } from './response-headers';
import { whenOver } from './response-over';
import { subscribeUri } from './resource-subscribe';
import { MAX_SUBSCRIPTIONS_PER_SESSION } from './resource-subscriptions';

interface ListenBody {
  method: 'subscriptions/listen';
  params: { notifications: { resourceSubscriptions: unknown[] } & Record<string, unknown> } & Record<string, unknown>;
}

function isListenWithResources(body: unknown): body is ListenBody {
  const params = (body as { method?: unknown; params?: { notifications?: { resourceSubscriptions?: unknown } } } | null)?.params;
  return (body as { method?: unknown } | null)?.method === 'subscriptions/listen' && Array.isArray(params?.notifications?.resourceSubscriptions);
}

/** gateListen answered the request itself (a refusal): nothing is left to hand on. */
export const LISTEN_ANSWERED = Symbol('listen answered');

function rateLimited(outcome: PromiseSettledResult<void> | undefined): RpcError | undefined {
  return outcome?.status === 'rejected' && outcome.reason instanceof RpcError && outcome.reason.data.code === 'rate_limited' ? outcome.reason : undefined;
}

function firstFailure(outcomes: ReadonlyArray<PromiseSettledResult<void>>): RpcError | undefined {
  const failed = outcomes.find((outcome) => outcome.status === 'rejected');
  if (failed === undefined) return undefined;
  return failed.reason instanceof RpcError ? failed.reason : rpcError(agentError(failed.reason));
}

function answerError(res: ServerResponse, body: unknown, error: RpcError): void {
  const id = (body as { id?: unknown }).id;
  endJson(res, 200, JSON.stringify({ jsonrpc: '2.0', id: typeof id === 'string' || typeof id === 'number' ? id : null, error: { code: error.code, message: error.message, data: error.data } }));
}

/**
 * The resources a 2026-07-28 `subscriptions/listen` asks to follow (MCP 2026-07-28 §subscriptions/listen,
 * `resourceSubscriptions`), each through the gate as a legacy `resources/subscribe` is, subscribed at
 * its server for as long as the stream stays open. The body handed on to the SDK keeps only the URIs
 * that passed, so its acknowledgement names exactly what the agent will hear of. A URI past the bridge's
 * caps (the agent's, or its server's, distinct resources followed) refuses the whole stream with the
 * rate limit, so the agent learns why rather than hearing of fewer; one whose every URI failed is refused
 * with the first failure. Other requests pass as they are.
 * The subscriptions end with the stream (response-over.ts), not only with the agent's connection.
 */
export async function gateListen(ctx: CallContext, modern: ModernHandlers, agent: string, body: unknown, res: ServerResponse, signal: AbortSignal): Promise<unknown> {
  if (!isListenWithResources(body)) return body;
  const asked = [...new Set(body.params.notifications.resourceSubscriptions.filter((uri): uri is string => typeof uri === 'string'))];
  // Past a session's cap the whole stream is refused, as past the agent's: none cut silently.
  if (asked.length > MAX_SUBSCRIPTIONS_PER_SESSION) {
    const error = new CodedError('rate_limited', `a listen stream follows at most ${MAX_SUBSCRIPTIONS_PER_SESSION} resources; this one names ${asked.length}`, {
      hint: `listen for at most ${MAX_SUBSCRIPTIONS_PER_SESSION} resources on one stream, the ones you read`,
    });
    answerError(res, body, rpcError(agentError(error)));
    return LISTEN_ANSWERED;
  }
  // Each subscribe listens on the stream's signal at once: as many as it may ask are expected, no leak.
  setMaxListeners(MAX_SUBSCRIPTIONS_PER_SESSION + 16, signal);
  const key = {};
  const subscriber = { key, notify: (uri: string) => modern.resourceUpdated(agent, uri) };
  const outcomes = await Promise.allSettled(asked.map((uri) => subscribeUri(ctx, agent, subscriber, uri, { signal })));
  const allowed = asked.filter((_, at) => outcomes[at]?.status === 'fulfilled');
  const release = (): void => void ctx.subscriptions.drop(key).catch((error: unknown) => ctx.log(`ending a listen stream's subscriptions failed: ${String(error)}`));
  // Past a cap, or none of its resources followed (a server that timed out or is down) on a stream that
  // asked for nothing else: the agent is told why, not acknowledged empty on a stream that may end at once.
  // One that also asked for list changes keeps them; its acknowledgement names what it follows.
  const { resourceSubscriptions: _asked, ...notifications } = body.params.notifications;
  const nothingElse = !Object.values(notifications).some((asked) => asked === true);
  const refused = outcomes.map(rateLimited).find((error) => error !== undefined) ?? (allowed.length === 0 && nothingElse ? firstFailure(outcomes) : undefined);
  if (refused !== undefined) {
    release();
    answerError(res, body, refused);
    return LISTEN_ANSWERED;
  }
  whenOver(res, release);
  return { ...body, params: { ...body.params, notifications: allowed.length > 0 ? { ...notifications, resourceSubscriptions: allowed } : notifications } };
}

/**
 * Counts the agent's open listen streams and refuses the one past MAX_LISTENS_PER_AGENT as a rate
 * limit it can act on (our `rate_limited`, JSON-RPC -32012 with the code, message and hint in `data`),
 * not the SDK's -32603, which a client shows as a fault of the bridge. True when the request may go on.
 * The slot is freed when the stream is over (response-over.ts): one the bridge ended (past the unread
 * bound, the agent's token rotated) frees it though the agent never reads or closes its connection.
 */
export function takeListenSlot(modern: ModernHandlers, agent: string, body: unknown, res: ServerResponse): boolean {
  if ((body as { method?: unknown } | null)?.method !== 'subscriptions/listen') return true;
  const open = modern.listens.get(agent) ?? 0;
  if (open >= MAX_LISTENS_PER_AGENT) {
    const error = agentError(
      new CodedError('rate_limited', `your agent already holds ${MAX_LISTENS_PER_AGENT} subscriptions/listen streams open, the most the bridge keeps for one agent`, {
        hint: 'close the listen streams you no longer read (one stream can follow every list change and resource you need), then listen again',
      }),
    );
    answerError(res, body, rpcError(error));
    return false;
  }
  modern.listens.set(agent, open + 1);
  const release = (): void => {
    const left = (modern.listens.get(agent) ?? 1) - 1;
    if (left > 0) modern.listens.set(agent, left);
    else modern.listens.delete(agent);
  };
  whenOver(res, release);
  return true;
}
