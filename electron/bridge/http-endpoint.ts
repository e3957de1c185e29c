import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Server } from '@modelcontextprotocol/server';
import type { CoreEnv } from '../../shared/core-env';
import { redact } from '../../shared/redact';
import { loadSdkTypes, type SdkTypes } from './server-sdk';
import type { AgentStore } from './agent-store';
import { parseJsonRpc, readBody } from './http-body';
import { bearerToken } from '../net';
import { refuseEarly, unauthorized, type Misnamed, type Refusal } from './http-guard';
import { initializeRefusal, listenRefusal } from './kept-request-bounds';
import { bodyEncodingRefusal } from './body-encoding';
import { endJson } from './response-headers';
import { refuseOversized } from './oversized-body';
import type { Session, SessionRegistry } from './sessions';
import { HttpServerTransport } from './http-transport';
import { directDelivery } from '../mcp-wire';
import { toolCallLane } from './tool-call-lane';
import { plausibleToken, sameDigest } from './token';
import { socketDigest } from './socket-digest';
import type { ModernHandlers } from './modern-handlers';
import { serveModern, isModernRequest, type ModernDeps } from './modern-endpoint';
import { errorMessage } from '../../shared/errors';
import type { AgentShare } from './agent-share';
import { STORED_AGENT_REFUSED } from './program-bridge';

/** The bridge's parts the endpoint uses, and its CoreEnv's clock and log. */
export interface EndpointOptions extends Pick<CoreEnv, 'now' | 'log'> {
  port: () => number;
  maxBodyBytes: number;
  agents: AgentStore;
  /** Only the agents declared in code are served (a program's own bridge; types.ts BridgeOptions). */
  codeAgentsOnly?: boolean;
  /** False for an agent whose declaring program is gone: its token is refused at once. */
  agentAlive?: (agent: string) => boolean;
  sessions: SessionRegistry;
  /** A fresh SDK server for one session of this agent. */
  newServer: (agent: string) => Promise<Server>;
  /** Each request whose token was accepted, and the connection it came on. */
  authenticated: (agent: string, socket: Socket) => void;
  /** Each agent's share of the connection cap (agent-share.ts); unbounded when absent. */
  share?: AgentShare;
  /** The agents' handlers of 2026-07-28 requests (modern-handlers.ts). */
  modern?: ModernHandlers;
  /** A session of the agent began in this MCP revision, or a 2026-07-28 request named it. */
  spoke?: (agent: string, revision: string) => void;
  /** Each request the 2026-07-28 lane served (modern-lane.ts). */
  laneServed?: (agent: string) => void;
  /** Each request refused for naming the bridge `localhost` or `[::1]`, with the Host or Origin that named it (audited). */
  misnamed?: (misnamed: Misnamed) => void;
}

function refuse(res: ServerResponse, refusal: Refusal, close = false): void {
  const fields = Object.entries(refusal.headers ?? {}).flat();
  if (close) fields.push('Connection', 'close');
  endJson(res, refusal.status, JSON.stringify({ jsonrpc: '2.0', error: { code: refusal.rpcCode, message: refusal.message }, id: null }), ...fields);
}

/** Why a POST that opens no session is refused: a bad or oversized initialize, else the missing session id. The SDK loads with the first such request, not at start-up. */
async function sessionlessRefusal(body: unknown, bytes: number): Promise<Refusal | undefined> {
  const { isInitializeRequest } = await loadSdkTypes();
  return initializeRefusal(body, () => bytes, isInitializeRequest) ?? (initializeIn(body, isInitializeRequest) ? undefined : NO_SESSION);
}

function initializeIn(body: unknown, isInitializeRequest: (message: unknown) => boolean): boolean {
  return Array.isArray(body) ? body.some((m) => isInitializeRequest(m)) : isInitializeRequest(body);
}

const NO_SESSION: Refusal = { status: 400, rpcCode: -32000, message: 'Bad Request: Mcp-Session-Id header is required: send initialize first (MCP 2025-11-25), or name the revision in each request\'s _meta (2026-07-28)' };

/**
 * The `/mcp` endpoint: guards first (Host, Origin, path, method, query), then the agent token, the
 * body limit and JSON-RPC shape, then the request goes to the session's own transport (http-transport.ts).
 */
/**
 * The revision an initialize settles on (MCP 2025-11-25 basic/lifecycle §Version Negotiation): the
 * client's, when the SDK supports it, else the SDK's latest, as the SDK's Server answers.
 */
function negotiatedRevision(body: unknown, types: Pick<SdkTypes, 'SUPPORTED_PROTOCOL_VERSIONS' | 'LATEST_PROTOCOL_VERSION'>): string {
  const messages: unknown[] = Array.isArray(body) ? body : [body];
  for (const message of messages) {
    const params = (message as { method?: unknown; params?: { protocolVersion?: unknown } } | null)?.params;
    if ((message as { method?: unknown } | null)?.method !== 'initialize' || typeof params?.protocolVersion !== 'string') continue;
    return types.SUPPORTED_PROTOCOL_VERSIONS.includes(params.protocolVersion) ? params.protocolVersion : types.LATEST_PROTOCOL_VERSION;
  }
  return types.LATEST_PROTOCOL_VERSION;
}

export function createEndpoint(deps: EndpointOptions): (req: IncomingMessage, res: ServerResponse) => void {
  // What the 2026-07-28 path is given, made once (not a copy of every option per request).
  const modernDeps: ModernDeps | undefined = deps.modern && {
    modern: deps.modern,
    ...(deps.spoke && { spoke: deps.spoke }),
    ...(deps.laneServed && { laneServed: deps.laneServed }),
  };
  async function openSession(req: IncomingMessage, res: ServerResponse, agent: string, digest: Buffer, body: unknown): Promise<void> {
    const [server, types] = await Promise.all([deps.newServer(agent), loadSdkTypes()]);
    let session: Session | undefined;
    const transport = new HttpServerTransport({
      types,
      newSessionId: () => randomUUID(),
      onsessioninitialized: (id) => {
        session = { id, agent, tokenDigest: digest, server, transport, lastSeen: deps.now() };
        deps.sessions.add(session);
        deps.spoke?.(agent, negotiatedRevision(body, types));
      },
    });
    const closed = server.onclose;
    server.onclose = () => {
      closed?.();
      if (session) deps.sessions.delete(session.id);
    };
    await server.connect(transport);
    transport.deliverWith(directDelivery(server), toolCallLane(server));
    transport.handle(req, res, body);
    // Refused by the transport (e.g. a wrong Accept header): nothing to keep.
    if (!session) await server.close();
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const early = refuseEarly(req, deps.port());
    if (early) {
      if (early.misnamed !== undefined) deps.misnamed?.(early.misnamed);
      return refuse(res, early);
    }

    const token = bearerToken(req);
    if (token === undefined) return refuse(res, unauthorized('an agent token is required (Authorization: Bearer …)', false));
    const digest = plausibleToken(token) ? socketDigest(req.socket, token) : undefined;
    const agent = digest && deps.agents.byDigest(digest);
    if (!agent || !digest) return refuse(res, unauthorized('the agent token is not valid (removed or rotated?)', true));
    if (deps.codeAgentsOnly === true && !deps.agents.fromCode(agent.name)) return refuse(res, unauthorized(STORED_AGENT_REFUSED, true));
    if (deps.agentAlive && deps.agents.fromCode(agent.name) && !deps.agentAlive(agent.name)) {
      return refuse(res, unauthorized('the agent token is not valid: the program that declared the agent has stopped', true));
    }
    deps.authenticated(agent.name, req.socket);
    if (deps.share && !deps.share.take(agent.name, res)) return;

    let body: unknown;
    // The size only: the text itself would live as long as the request (a call), past young collections.
    let bytes = 0;
    if (req.method === 'POST') {
      const misread = bodyEncodingRefusal(req);
      if (misread) return refuse(res, misread, true);
      const read = await readBody(req, deps.maxBodyBytes);
      if (read.kind === 'aborted') return;
      if (read.kind === 'too_large') {
        const message = `Payload Too Large: the limit is ${deps.maxBodyBytes} bytes`;
        return refuseOversized(req, res, JSON.stringify({ jsonrpc: '2.0', error: { code: -32600, message }, id: null }));
      }
      bytes = read.bytes;
      const parsed = parseJsonRpc(read.text);
      if (!parsed.ok) return refuse(res, { status: 400, rpcCode: parsed.rpcCode, message: parsed.message });
      body = parsed.body;
      if (deps.share && !deps.share.batch(agent.name, res, body)) return;
    }

    const sessionHeader = req.headers['mcp-session-id'];
    const sessionId = Array.isArray(sessionHeader) ? sessionHeader[0] : sessionHeader;
    if (sessionId !== undefined) {
      const session = deps.sessions.get(sessionId);
      // Another agent's (or another token's) session is reported exactly like one that does not exist.
      if (!session || !sameDigest(session.tokenDigest, digest.bytes)) {
        return refuse(res, { status: 404, rpcCode: -32001, message: 'Session not found' });
      }
      session.lastSeen = deps.now();
      return session.transport.handle(req, res, body);
    }
    // No session: the SDK's own classification decides the era (a 2026-07-28 request carries its `_meta` envelope).
    const classified = modernDeps && isModernRequest(req, body);
    const modern = classified instanceof Promise ? await classified : classified;
    if (modernDeps && modern) {
      const kept = listenRefusal(body, () => bytes);
      if (kept) return refuse(res, kept);
      // Awaited, not returned: an async function returning a promise would chain one more then and two turns on it.
      const serving = serveModern(modernDeps, modern, req, res, agent.name, body);
      if (serving !== undefined) await serving;
      return;
    }
    if (req.method !== 'POST') return refuse(res, NO_SESSION);
    const refusal = await sessionlessRefusal(body, bytes);
    if (refusal) return refuse(res, refusal);
    return openSession(req, res, agent.name, digest.bytes, body);
  }

  return (req, res) => {
    handle(req, res).catch((error: unknown) => {
      deps.log(redact(`bridge request failed: ${errorMessage(error)}`));
      if (!res.headersSent) refuse(res, { status: 500, rpcCode: -32603, message: 'Internal error' });
      else res.destroy();
    });
  };
}
