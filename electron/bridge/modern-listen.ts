import type { ServerResponse } from 'node:http';
import type { CallContext } from './call-context';
import type { ModernHandlers } from './modern-handlers';
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

/**
 * The resources a 2026-07-28 `subscriptions/listen` asks to follow (MCP 2026-07-28 §subscriptions/listen,
 * `resourceSubscriptions`), each through the gate as a legacy `resources/subscribe` is, subscribed at
 * its server for as long as the stream stays open. The body handed on to the SDK keeps only the URIs
 * that passed, so its acknowledgement names exactly what the agent will hear of. Other requests pass as they are.
 */
export async function gateListen(ctx: CallContext, modern: ModernHandlers, agent: string, body: unknown, res: ServerResponse, signal: AbortSignal): Promise<unknown> {
  if (!isListenWithResources(body)) return body;
  const asked = [...new Set(body.params.notifications.resourceSubscriptions.filter((uri): uri is string => typeof uri === 'string'))];
  const key = {};
  const subscriber = { key, notify: (uri: string) => modern.resourceUpdated(agent, uri) };
  const outcomes = await Promise.allSettled(asked.slice(0, MAX_SUBSCRIPTIONS_PER_SESSION).map((uri) => subscribeUri(ctx, agent, subscriber, uri, { signal })));
  const allowed = asked.filter((_, at) => outcomes[at]?.status === 'fulfilled');
  const release = (): void => void ctx.subscriptions.drop(key).catch((error: unknown) => ctx.log(`ending a listen stream's subscriptions failed: ${String(error)}`));
  if (res.closed) release();
  else res.once('close', release);
  const { resourceSubscriptions: _asked, ...notifications } = body.params.notifications;
  return { ...body, params: { ...body.params, notifications: allowed.length > 0 ? { ...notifications, resourceSubscriptions: allowed } : notifications } };
}
