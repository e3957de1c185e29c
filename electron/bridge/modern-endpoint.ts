import { malformedResponses } from './retry-shape';
import { endJson } from './response-headers';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { InboundHttpRequest, InboundModernRoute } from '@modelcontextprotocol/server';
import type { ModernHandlers } from './modern-handlers';
import type { LaneHooks } from './modern-lane';
import { laneRequest } from './modern-lane-entry';
import { ModernRouteMemo } from './modern-route-memo';
import { gateListen, LISTEN_ANSWERED, takeListenSlot } from './modern-listen';
import { loadModernSdk, modernSdkIfLoaded, type ModernSdk } from './server-sdk';
import { MAX_UNREAD_STREAM_BYTES, unreadAnswerEnd, unreadListenEnd } from './unread-bound';
import { responseOver } from './response-over';
import { abortOnClose, sendWebResponse, webRequest } from './web-exchange';
import { LANE_REVISION } from '../mcp-wire';

/** A request the SDK classified as 2026-07-28. */
export interface ModernRequest {
  /** The revision its `_meta` envelope names, if any (what `agents list` shows). */
  revision: string | undefined;
  /** The SDK's route for it, unless the classification refused it (then the SDK answers the refusal). */
  route: InboundModernRoute | undefined;
}

/** What the endpoint gives the modern path (the hooks: told of each request the lane served). */
export interface ModernDeps extends LaneHooks {
  modern: ModernHandlers;
}

function claimedRevision(body: unknown, key: string): string | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return undefined;
  const meta = (body as { params?: { _meta?: Record<string, unknown> } }).params?._meta;
  const revision = meta?.[key];
  return typeof revision === 'string' ? revision : undefined;
}

/** The SDK's classification of hot lane calls, remembered per envelope (modern-route-memo.ts): a pure function of the request, so one for the process. */
const routes = new ModernRouteMemo();

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * Whether a request without a session is of the 2026-07-28 era, by the SDK's own classification
 * (`classifyInboundRequest`: the step createMcpHandler and `isLegacyRequest` run, so the two never
 * disagree; MCP 2026-07-28 basic/versioning), fed from node's headers and the body parsed once: no
 * web Request is built for a legacy request, and a modern one's is built once, in serveModern. The body is
 * always parsed JSON (http-body.ts refused anything else), so `isLegacyRequest`'s no-JSON step never
 * applies. Legacy requests (initialize, body-less GET/DELETE) keep the session path.
 */
export function isModernRequest(req: IncomingMessage, body: unknown): ModernRequest | undefined | Promise<ModernRequest | undefined> {
  // A GET or DELETE without a session is a legacy session operation (answered 400 there, as before).
  if (req.method !== 'POST') return undefined;
  // Once the SDK is loaded the answer is given at once: no promise and no await per request.
  const sdk = modernSdkIfLoaded();
  return sdk ? modernRequestWith(sdk, req, body) : loadModernSdk().then((loaded) => modernRequestWith(loaded, req, body));
}

function modernRequestWith(sdk: ModernSdk, req: IncomingMessage, body: unknown): ModernRequest | undefined {
  const known = routes.known(sdk, req, body);
  if (known) return { revision: LANE_REVISION, route: known };
  const facts: InboundHttpRequest = { httpMethod: 'POST', body };
  const version = headerValue(req, 'mcp-protocol-version');
  const method = headerValue(req, 'mcp-method');
  const name = headerValue(req, 'mcp-name');
  if (version !== undefined) facts.protocolVersionHeader = version;
  if (method !== undefined) facts.mcpMethodHeader = method;
  if (name !== undefined) facts.mcpNameHeader = name;
  const outcome = routes.classify(sdk, req, facts);
  if (outcome.kind === 'legacy') return undefined;
  return { revision: claimedRevision(body, sdk.PROTOCOL_VERSION_META_KEY), route: outcome.kind === 'modern' ? outcome : undefined };
}

/**
 * Serves one 2026-07-28 request of an agent, after every guard and its token: a first-round
 * tools/call or a listing on the agent's lane (modern-lane.ts, which streams a call's progress
 * itself), anything else through the agent's SDK v2 handler, the response streamed back (SSE when
 * the handler streams: progress, log messages, listen). Not an async function: a lane request's
 * promise is the lane's own (the endpoint awaits it; one async frame fewer per call); undefined when
 * answered at once.
 */
export function serveModern(deps: ModernDeps, modern: ModernRequest, req: IncomingMessage, res: ServerResponse, agent: string, body: unknown): Promise<unknown> | undefined {
  const sdk = modernSdkIfLoaded();
  if (sdk === undefined) return loadModernSdk().then(() => serveModern(deps, modern, req, res, agent, body));
  if (!sdk.isJsonContentType(headerValue(req, 'content-type') ?? null)) {
    endJson(res, 415, JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'Unsupported Media Type: Content-Type must be application/json' }, id: null }));
    return undefined;
  }
  const malformed = malformedResponses(body);
  if (malformed !== undefined) {
    const error = { code: -32602, message: malformed.message, data: { reason: 'invalid_input_responses' } };
    endJson(res, 200, JSON.stringify({ jsonrpc: '2.0', id: malformed.id, error }));
    return undefined;
  }
  const lane = modern.route && laneRequest(req, modern.route);
  const served = lane && deps.modern.lane(agent);
  if (lane && served && served.serves(lane.method)) return served.serve(lane, res, deps, agent, modern.revision);
  if (!takeListenSlot(deps.modern, agent, body, res)) return undefined;
  return serveHandler(deps, modern, req, res, agent, body).finally(() => responseOver(res));
}

async function serveHandler(deps: ModernDeps, modern: ModernRequest, req: IncomingMessage, res: ServerResponse, agent: string, body: unknown): Promise<void> {
  // One abort for the exchange: the agent going away ends it, its listen stream's subscriptions, and the SDK's request.
  const closed = abortOnClose(res);
  const handler = await deps.modern.handler(agent);
  const parsedBody = await gateListen(deps.modern.ctx, deps.modern, agent, body, res, closed.signal);
  if (parsedBody === LISTEN_ANSWERED) return;
  deps.modern.exchanges.track(res, body, closed);
  let response: Response;
  try {
    response = await handler.fetch(webRequest(req, closed.signal), { parsedBody });
  } catch (error) {
    // A stop answered it meanwhile (stopping-exchanges.ts) and cancelled the SDK's request.
    if (res.writableEnded) return;
    throw error;
  }
  if (res.writableEnded) return void response.body?.cancel().catch(() => undefined);
  // An envelope naming a revision the bridge does not serve is answered 400 (-32022): only a served one counts.
  if (modern.revision !== undefined && response.status < 400) deps.spoke?.(agent, modern.revision);
  const { method, id } = (body ?? {}) as { method?: unknown; id?: unknown };
  // Every stream is bounded (unread-bound.ts): a call's progress and log messages as much as a listen's
  // updates. Ending one cancels the handler's stream, and with it the SDK's request and the server's
  // call, as the lane's exchange does.
  const lastFrame = (): string => (method === 'subscriptions/listen' ? unreadListenEnd(id) : unreadAnswerEnd(id));
  await sendWebResponse(response, res, { bytes: MAX_UNREAD_STREAM_BYTES, lastFrame, exemptFirst: method === 'subscriptions/listen' });
}
