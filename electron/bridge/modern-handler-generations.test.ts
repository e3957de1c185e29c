// @vitest-own-modules: it measures what the old generation grows by, which other files' work in a shared worker would add to.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { ModernLane } from './modern-lane';
import type { LaneRequest } from './modern-lane-entry';
import { ServerPool, type Track } from './modern-server-pool';
import { deliverOnConnect } from '../mcp-wire';
import { loadModernSdk } from './server-sdk';
import { abortOnClose, sendWebResponse, webRequest } from './web-exchange';
import { MAX_UNREAD_STREAM_BYTES } from './unread-bound';
import { isModernRequest, serveModern } from './modern-endpoint';
import type { ModernHandlers } from './modern-handlers';

// docs/bridge.md §Speed of the two eras: what a 2026-07-28 request leaves in the old generation,
// measured as the lane's generations test does: the old generation's growth over young collections
// only, with nothing in flight at each. The bridge's path is the endpoint's (modern-endpoint.ts
// isModernRequest and serveModern: the lane, or our web Request, the agent's createMcpHandler over
// its pool of SDK servers and our writing of its Response); createMcpHandler's path alone shows what
// a request the lane does not take leaves.
setFlagsFromString('--expose-gc');
// Each measurement on its own: no allocation site is moved to the old generation by an earlier one's survivors.
setFlagsFromString('--no-allocation-site-pretenuring');
const gc = runInNewContext('gc') as (options?: { type: 'minor' | 'major' }) => void;
const oldSpaceUsed = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space')?.space_used_size ?? 0;

const IN_FLIGHT = 16;
const REQUESTS = 2_000;
/** What a request may leave in the old generation, bytes: the lane's call leaves about 40. */
const BOUND = 1_000;
const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 'generations', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Serve = (id: number) => Promise<void>;

/** A response as serveModern and the lane write it: its close listeners run when it ends. */
function response(): ServerResponse {
  let closing: Array<(this: unknown) => void> = [];
  const res = {
    writableFinished: false,
    writableEnded: false,
    headersSent: false,
    destroyed: false,
    on: (_event: string, listener: () => void) => (closing.push(listener), res),
    once: (_event: string, listener: () => void) => (closing.push(listener), res),
    off: (_event: string, listener: () => void) => ((closing = closing.filter((kept) => kept !== listener)), res),
    writeHead: () => ((res.headersSent = true), res),
    write: () => true,
    end: () => {
      res.writableEnded = true;
      res.writableFinished = true;
      for (const listener of closing) listener.call(res);
    },
  };
  return res as unknown as ServerResponse;
}

/** A tools/call handler that waits a turn, as one through the pool does, its progress streamed when asked for, and a listing; delivered as modern-server.ts's are. */
function agentServer(track: Track): Server {
  const server = new Server({ name: 'generations', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => track(() => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' as const } }] })));
  server.setRequestHandler('tools/call', (request, ctx) =>
    track(async () => {
      const progressToken = request.params._meta?.progressToken;
      if (progressToken !== undefined) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress: 1, total: 2 } });
      await new Promise((resolve) => setImmediate(resolve));
      return { content: [{ type: 'text' as const, text: 'ok' }] };
    }),
  );
  deliverOnConnect(server);
  return server;
}

type Kind = 'progress' | 'list';
const untracked: Track = async (work) => await work();

/** One request of the kind, as an agent sends it: its standard headers and its body. */
function request(kind: Kind, id: number): { req: IncomingMessage; body: Record<string, unknown> } {
  const method = kind === 'list' ? 'tools/list' : 'tools/call';
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': method };
  if (kind === 'progress') headers['mcp-name'] = 'echo';
  const params = kind === 'list' ? { _meta: META } : { name: 'echo', arguments: {}, _meta: { ...META, progressToken: id } };
  return { req: { headers, url: '/mcp', method: 'POST' } as unknown as IncomingMessage, body: { jsonrpc: '2.0', id, method, params } };
}

/** The bridge's path for one kind of request: the endpoint's classification and routing, to the agent's lane or its createMcpHandler. */
async function bridgePath(kind: Kind): Promise<Serve> {
  const sdk = await loadModernSdk();
  const pool = new ServerPool(agentServer);
  const handler = createMcpHandler(() => pool.take(), { legacy: 'reject' });
  const lane = ModernLane.over(agentServer(untracked), () => ({ content: [] }), (code, message) => new sdk.ProtocolError(code, message), () => undefined);
  // What serveModern reads of the agent's handlers for a request that is not a listen stream.
  const modern = { lane: () => lane, handler: () => handler, listens: new Map<string, number>() } as unknown as ModernHandlers;
  return async (id) => {
    const { req, body } = request(kind, id);
    const routed = await isModernRequest(req, body);
    expect(routed?.route).toBeDefined();
    if (routed) await serveModern({ modern }, routed, req, response(), 'generations', body);
  };
}

/** createMcpHandler's path for one kind of request; `perRequest`: a new server for each, no pool. */
function handlerPath(kind: Kind, perRequest = false): Serve {
  const pool = new ServerPool(agentServer);
  const handler = createMcpHandler(() => (perRequest ? agentServer(untracked) : pool.take()), { legacy: 'reject' });
  return async (id) => {
    const { req, body } = request(kind, id);
    const res = response();
    const closed = abortOnClose(res);
    const answer = await handler.fetch(webRequest(req, closed.signal), { parsedBody: body });
    expect(answer.status).toBe(200);
    await sendWebResponse(answer, res, { bytes: MAX_UNREAD_STREAM_BYTES, lastFrame: () => '' });
  };
}

async function lanePath(): Promise<Serve> {
  const sdk = await loadModernSdk();
  const server = agentServer(async (work) => await work());
  const core = async (): Promise<unknown> => {
    await new Promise((resolve) => setImmediate(resolve));
    return { content: [{ type: 'text', text: 'ok' }] };
  };
  const lane = ModernLane.over(server, core, (code, message) => new sdk.ProtocolError(code, message), () => undefined);
  if (!lane) throw new Error('the lane does not fit this SDK');
  return async (id) => {
    const params = { name: 'echo', arguments: {} };
    const request: LaneRequest = { id, method: 'tools/call', params, envelope: undefined, checked: { method: 'tools/call', params } };
    expect(await lane.serve(request, response())).toBe(200);
  };
}

/** Bytes per request the old generation grew by while REQUESTS came and went, 16 at a time, with only young collections between batches. */
async function promotedPerRequest(serve: Serve): Promise<number> {
  let id = 0;
  const batch = (): Promise<unknown> => Promise.all(Array.from({ length: IN_FLIGHT }, () => serve(id++)));
  // Warmed, then what lives on (the servers, the handler, the lane) in the old generation.
  for (let i = 0; i < 50; i++) await batch();
  gc();
  gc();
  const before = oldSpaceUsed();
  for (let i = 0; i < REQUESTS / IN_FLIGHT; i++) {
    await batch();
    gc({ type: 'minor' });
  }
  return (oldSpaceUsed() - before) / REQUESTS;
}

describe('2026-07-28 requests across young collections', () => {
  it('the lane lets a finished call die young', async () => {
    expect(await promotedPerRequest(await lanePath())).toBeLessThan(BOUND);
  }, 60_000);

  // Through createMcpHandler's path each left 10–13 KB (2026-11-29): the SDK's classification runs
  // JSON-RPC guards whose failed zod parses keep the message (electron/mcp-wire/guard-generations.test.ts),
  // and node's web Request and Response keep theirs. The lane takes both now.
  it('the bridge’s path lets a finished call with a progress token, its progress streamed, die young', async () => {
    expect(await promotedPerRequest(await bridgePath('progress'))).toBeLessThan(BOUND);
  }, 60_000);

  it('the bridge’s path lets a finished listing die young', async () => {
    expect(await promotedPerRequest(await bridgePath('list'))).toBeLessThan(BOUND);
  }, 60_000);

  it('createMcpHandler’s path, which the lane spares them, does not let them die young, and not for the agent’s long-lived servers: a server made per request leaves as much', async () => {
    const pooled = await promotedPerRequest(handlerPath('progress'));
    const perRequest = await promotedPerRequest(handlerPath('progress', true));
    expect(pooled).toBeGreaterThan(5 * BOUND);
    expect(perRequest).toBeGreaterThan(0.8 * pooled);
    expect(await promotedPerRequest(handlerPath('list'))).toBeGreaterThan(5 * BOUND);
  }, 90_000);
});
