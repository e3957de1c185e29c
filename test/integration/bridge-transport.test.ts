/**
 * The bridge's own Streamable HTTP transport (electron/bridge/http-transport.ts) against MCP
 * 2025-11-25 basic/transports §Streamable HTTP, with the cases of the SDK's own transport tests
 * (typescript-sdk src/server/streamableHttp.test.ts) that apply to it: the real endpoint (guards,
 * token, sessions) on 127.0.0.1, an SDK `Server` behind it with tools that exercise each answer form.
 */
import { createServer, request, type IncomingHttpHeaders, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from '@modelcontextprotocol/server';
import { AgentStore } from '../../electron/bridge/agent-store';
import { createEndpoint } from '../../electron/bridge/http-endpoint';
import { SessionRegistry } from '../../electron/bridge/sessions';
import { tempDir } from '../support/bridge-harness';

type Message = Record<string, unknown> & { id?: string | number; method?: string; result?: Record<string, unknown>; error?: { code: number; message: string } };

/** A tools/call of `slow` says it started, then waits until the test releases it. */
let slowStarted: () => void = () => undefined;
let releaseSlow: () => void = () => undefined;

function testServer(): Server {
  const server = new Server({ name: 'transport-test', version: '1' }, { capabilities: { tools: { listChanged: true }, logging: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' as const } }] }));
  server.setRequestHandler('tools/call', async (req, ctx) => {
    const text = (t: string) => ({ content: [{ type: 'text' as const, text: t }] });
    const progressToken = req.params._meta?.progressToken;
    switch (req.params.name) {
      case 'progress':
        if (progressToken !== undefined) {
          for (const progress of [1, 2]) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, total: 2 } });
        }
        return text('done');
      case 'notify':
        await ctx.mcpReq.notify({ method: 'notifications/message', params: { level: 'info', data: 'about this call' } });
        return text('notified');
      case 'ask': {
        const answer = await server.elicitInput(
          { mode: 'form', message: 'name?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } } } },
          { relatedRequestId: ctx.mcpReq.id },
        );
        return text(`${answer.action}:${String(answer.content?.['name'])}`);
      }
      case 'slow':
        await new Promise<void>((resolve) => {
          releaseSlow = resolve;
          slowStarted();
        });
        return text('slow done');
      default:
        return text(`echo:${String(req.params.arguments?.['m'])}`);
    }
  });
  return server;
}

let http: HttpServer;
let port = 0;
let token: string;
let otherToken: string;
let sessions: SessionRegistry;
const servers: Server[] = [];

beforeAll(async () => {
  const agents = AgentStore.open({ dataDir: tempDir('transport-') });
  token = (await agents.add('agent', { servers: ['*'] })).token;
  otherToken = (await agents.add('other', { servers: ['*'] })).token;
  sessions = new SessionRegistry({ maxPerAgent: 64, idleMs: 60_000 }, { log: () => undefined });
  const endpoint = createEndpoint({
    port: () => port,
    maxBodyBytes: 64 * 1024,
    agents,
    sessions,
    newServer: () => {
      const server = testServer();
      servers.push(server);
      return Promise.resolve(server);
    },
    authenticated: () => undefined,
    now: Date.now,
    log: () => undefined,
  });
  http = createServer(endpoint);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  port = (http.address() as AddressInfo).port;
});

afterAll(async () => {
  await sessions.closeAll();
  http.closeAllConnections();
  await new Promise((resolve) => http.close(resolve));
});

interface Open {
  status: number;
  headers: IncomingHttpHeaders;
  /** The next SSE event's message (or the JSON body's, once), undefined at the end. */
  next(): Promise<Message | Message[] | undefined>;
  /** Everything until the end. */
  rest(): Promise<Array<Message | Message[]>>;
  close(): void;
}

function headersFor(session: string | undefined, extra: Record<string, string>, as = token): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/json, text/event-stream',
    Authorization: `Bearer ${as}`,
    ...extra,
  };
  if (session !== undefined) headers['Mcp-Session-Id'] = session;
  return headers;
}

/** One HTTP request whose answer is read as it arrives (SSE events one by one). */
function send(method: string, body: unknown, session?: string, extra: Record<string, string> = {}, as = token): Promise<Open> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: '/mcp', headers: headersFor(session, extra, as), agent: false }, (res) => {
      const queue: Array<Message | Message[] | undefined> = [];
      const waiting: Array<(m: Message | Message[] | undefined) => void> = [];
      let buffer = '';
      let ended = false;
      const push = (m: Message | Message[] | undefined): void => {
        const w = waiting.shift();
        if (w) w(m);
        else queue.push(m);
      };
      const sse = (res.headers['content-type'] ?? '').startsWith('text/event-stream');
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        if (!sse) return;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const data = buffer.slice(0, cut).split('\n').find((l) => l.startsWith('data: '));
          buffer = buffer.slice(cut + 2);
          if (data) push(JSON.parse(data.slice(6)) as Message);
          cut = buffer.indexOf('\n\n');
        }
      });
      const end = (): void => {
        if (ended) return;
        ended = true;
        if (!sse && buffer !== '') push(JSON.parse(buffer) as Message);
        push(undefined);
      };
      res.on('end', end);
      res.on('close', end);
      const next = (): Promise<Message | Message[] | undefined> =>
        queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise((r) => waiting.push(r));
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        next,
        rest: async () => {
          const all: Array<Message | Message[]> = [];
          for (let m = await next(); m !== undefined; m = await next()) all.push(m);
          return all;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body));
  });
}

const INIT = { jsonrpc: '2.0', id: 0, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: { elicitation: { form: {} } }, clientInfo: { name: 't', version: '1' } } };
const V = { 'MCP-Protocol-Version': '2025-11-25' };
const call = (id: number | string, name: string, extra: Record<string, unknown> = {}) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: { m: id }, ...extra } });

async function initialize(): Promise<string> {
  const res = await send('POST', INIT);
  expect(res.status).toBe(200);
  const session = res.headers['mcp-session-id'];
  expect(typeof session).toBe('string');
  await res.rest();
  const initialized = await send('POST', { jsonrpc: '2.0', method: 'notifications/initialized' }, session as string, V);
  expect(initialized.status).toBe(202);
  return session as string;
}

describe('the bridge transport (MCP 2025-11-25 §Streamable HTTP)', () => {
  it('initializes with a plain JSON answer and a session id; refuses a second initialize and a batch of two', async () => {
    const res = await send('POST', INIT);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    expect(res.headers['mcp-session-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.next()).toMatchObject({ id: 0, result: { protocolVersion: '2025-11-25', serverInfo: { name: 'transport-test' } } });
    const session = res.headers['mcp-session-id'] as string;
    const again = await send('POST', { ...INIT, id: 'second' }, session, V);
    expect(again.status).toBe(400);
    expect(await again.next()).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/already initialized/) as string } });
    const before = sessions.size;
    const batch = await send('POST', [INIT, { ...INIT, id: 1 }]);
    expect(batch.status).toBe(400);
    expect(await batch.next()).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/Only one initialization/) as string } });
    expect(sessions.size).toBe(before);
  });

  it('refuses a missing session id with 400, an unknown one or another agent’s with 404', async () => {
    const session = await initialize();
    expect((await send('POST', call(1, 'echo'))).status).toBe(400);
    const unknown = await send('POST', call(1, 'echo'), '00000000-0000-0000-0000-000000000000', V);
    expect(unknown.status).toBe(404);
    expect(await unknown.next()).toMatchObject({ error: { code: -32001 } });
    expect((await send('POST', call(1, 'echo'), session, V, otherToken)).status).toBe(404);
  });

  it('checks MCP-Protocol-Version: an unsupported one is 400, a supported one or none is accepted', async () => {
    const session = await initialize();
    const bad = await send('POST', call(1, 'echo'), session, { 'MCP-Protocol-Version': '1999-01-01' });
    expect(bad.status).toBe(400);
    expect(await bad.next()).toMatchObject({ error: { message: expect.stringMatching(/Unsupported protocol version: 1999-01-01/) as string } });
    expect((await send('POST', call(2, 'echo'), session, { 'MCP-Protocol-Version': '2025-06-18' })).status).toBe(200);
    expect((await send('POST', call(3, 'echo'), session)).status).toBe(200);
  });

  it('refuses a POST not accepting both answer types (406) or not sent as JSON (415), and a GET not accepting SSE (406)', async () => {
    const session = await initialize();
    expect((await send('POST', call(1, 'echo'), session, { ...V, Accept: 'application/json' })).status).toBe(406);
    expect((await send('POST', call(1, 'echo'), session, { ...V, Accept: 'text/event-stream' })).status).toBe(406);
    expect((await send('POST', call(1, 'echo'), session, { ...V, 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await send('POST', call(1, 'echo'), session, { ...V, 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
    expect((await send('GET', undefined, session, { ...V, Accept: 'application/json' })).status).toBe(406);
  });

  it('answers a call that sends nothing before its result in plain JSON', async () => {
    const session = await initialize();
    const res = await send('POST', call(7, 'echo'), session, V);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json');
    // The id went out with the InitializeResult (§Session Management); a later answer does not repeat it.
    expect(res.headers['mcp-session-id']).toBeUndefined();
    expect(await res.rest()).toEqual([{ jsonrpc: '2.0', id: 7, result: { content: [{ type: 'text', text: 'echo:7' }] } }]);
  });

  it('answers in SSE when the request carries a progress token: progress events, then the result, then the end', async () => {
    const session = await initialize();
    const res = await send('POST', call(8, 'progress', { _meta: { progressToken: 'p8' } }), session, V);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(await res.rest()).toEqual([
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p8', progress: 1, total: 2 } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'p8', progress: 2, total: 2 } },
      { jsonrpc: '2.0', id: 8, result: { content: [{ type: 'text', text: 'done' }] } },
    ]);
  });

  it('answers in SSE a request with a progress token, even when only its result comes', async () => {
    const session = await initialize();
    const res = await send('POST', call(15, 'echo', { _meta: { progressToken: 'p15' } }), session, V);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(await res.rest()).toEqual([{ jsonrpc: '2.0', id: 15, result: { content: [{ type: 'text', text: 'echo:15' }] } }]);
  });

  it('turns a call still running after 1 s to SSE and sends its headers, so a client waiting for them can go on', async () => {
    const session = await initialize();
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    // SSE_HEADERS_MAX_DELAY_MS: the headers leave alone when nothing came by then.
    const res = await send('POST', call(14, 'slow'), session, V);
    await started;
    expect(res.headers['content-type']).toBe('text/event-stream');
    releaseSlow();
    expect(await res.rest()).toEqual([{ jsonrpc: '2.0', id: 14, result: { content: [{ type: 'text', text: 'slow done' }] } }]);
  });

  it('ends the stream of a call the agent cancels, which no response answers, so it holds no place (basic/utilities/cancellation)', async () => {
    const session = await initialize();
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const res = await send('POST', call(16, 'slow'), session, V);
    await started;
    const cancel = await send('POST', { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 16 } }, session, V);
    expect(cancel.status).toBe(202);
    expect(await res.rest()).toEqual([]);
    releaseSlow();
  });

  it('switches a POST to SSE when a notification related to its request goes before the result', async () => {
    const session = await initialize();
    const res = await send('POST', call(9, 'notify'), session, V);
    expect(res.headers['content-type']).toBe('text/event-stream');
    expect(await res.rest()).toEqual([
      { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'about this call' } },
      { jsonrpc: '2.0', id: 9, result: { content: [{ type: 'text', text: 'notified' }] } },
    ]);
  });

  it("sends a server request (elicitation) on the call's stream and routes the client's answer back (202)", async () => {
    const session = await initialize();
    const res = await send('POST', call(10, 'ask'), session, V);
    expect(res.headers['content-type']).toBe('text/event-stream');
    const asked = (await res.next()) as Message;
    expect(asked).toMatchObject({ method: 'elicitation/create', params: { message: 'name?' } });
    const answer = await send('POST', { jsonrpc: '2.0', id: asked.id, result: { action: 'accept', content: { name: 'Ada' } } }, session, V);
    expect(answer.status).toBe(202);
    expect(await res.rest()).toEqual([{ jsonrpc: '2.0', id: 10, result: { content: [{ type: 'text', text: 'accept:Ada' }] } }]);
  });

  it('answers a batch with the array of its responses; notifications only are 202; more than 100 messages are refused', async () => {
    const session = await initialize();
    const res = await send('POST', [call('a', 'echo'), { jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, call('b', 'echo')], session, V);
    expect(res.headers['content-type']).toBe('application/json');
    expect(await res.next()).toEqual([
      { jsonrpc: '2.0', id: 'a', result: { content: [{ type: 'text', text: 'echo:a' }] } },
      { jsonrpc: '2.0', id: 'b', result: { content: [{ type: 'text', text: 'echo:b' }] } },
    ]);
    const notes = await send('POST', [{ jsonrpc: '2.0', method: 'notifications/roots/list_changed' }, { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'zz' } }], session, V);
    expect(notes.status).toBe(202);
    expect(await notes.rest()).toEqual([]);
    const big = await send('POST', Array.from({ length: 101 }, (_, i) => call(i, 'echo')), session, V);
    expect(big.status).toBe(400);
    expect(await big.next()).toMatchObject({ error: { code: -32600, message: expect.stringMatching(/must not exceed 100/) as string } });
  });

  it('refuses a message the JSON-RPC schema refuses (an unknown member, an id no request may have) as -32600, and a body over the limit (413)', async () => {
    const session = await initialize();
    // Valid JSON that is no valid request: Invalid Request, not Parse error (JSON-RPC 2.0 §5.1).
    // Each refusal says what to fix, naming the member, never its value.
    const ID = 'Invalid Request: an id must be a string or a whole number (not null, a fraction, an object or a boolean)';
    const odd: [unknown, string][] = [
      [{ ...call(1, 'echo'), extra: true }, 'Invalid Request: "extra" is no member of a JSON-RPC message (only jsonrpc, id, method, params, result, error)'],
      [{ ...call(1, 'echo'), id: null }, ID],
      [{ ...call(1, 'echo'), id: { a: 1 } }, ID],
      [{ ...call(1, 'echo'), id: true }, ID],
      [{ ...call(1, 'echo'), id: 1.5 }, ID],
      [{ ...call(1, 'echo'), params: 5 }, 'Invalid Request: its "params" must be an object'],
      [{ ...call(1, 'echo'), params: { name: 'echo', arguments: {}, _meta: { progressToken: 1.5 } } }, 'Invalid Request: a progressToken must be a string or a whole number'],
      [{ ...call(1, 'echo'), jsonrpc: '1.0' }, 'Invalid Request: its "jsonrpc" must be "2.0"'],
    ];
    for (const [message, said] of odd) {
      const res = await send('POST', message, session, V);
      expect(res.status).toBe(400);
      expect(await res.next()).toMatchObject({ error: { code: -32600, message: said } });
    }
    // The bridge closes the connection after its 413, so the client may see the reset first.
    const huge = await send('POST', call(1, 'echo', { arguments: { m: 'x'.repeat(70 * 1024) } }), session, V).then(
      (res) => res.status,
      () => 'reset',
    );
    expect([413, 'reset']).toContain(huge);
    expect((await send('POST', call(2, 'echo'), session, V)).status).toBe(200);
  });

  it('opens one GET stream per session for unrelated messages (a second is 409), and ends it with the session', async () => {
    const session = await initialize();
    const stream = await send('GET', undefined, session, V);
    expect(stream.status).toBe(200);
    expect(stream.headers['content-type']).toBe('text/event-stream');
    expect((await send('GET', undefined, session, V)).status).toBe(409);
    const server = sessions.get(session)?.server;
    await server?.sendToolListChanged();
    expect(await stream.next()).toEqual({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' });
    const ended = await send('DELETE', undefined, session, V);
    expect(ended.status).toBe(200);
    expect(await stream.next()).toBeUndefined();
  });

  it('ends a session on DELETE: its id is then unknown (404), and a call still waiting hears 404', async () => {
    const session = await initialize();
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const pending = send('POST', call(12, 'slow'), session, V);
    await started;
    expect((await send('DELETE', undefined, session, V)).status).toBe(200);
    expect((await pending).status).toBe(404);
    expect((await send('POST', call(13, 'echo'), session, V)).status).toBe(404);
    releaseSlow();
  });
});
