import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createMcpHandler, Server } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { deliverOnConnect } from '.';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const META = {
  'io.modelcontextprotocol/protocolVersion': '2026-07-28',
  'io.modelcontextprotocol/clientInfo': { name: 't', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

type Fetch = (message: Record<string, unknown>, name?: string) => Promise<string>;

/** The arguments each tools/call handler received (the SDK's parse of the body), held weakly. */
const received: Array<WeakRef<object>> = [];

/** An SDK server as the bridge's pool makes them, with or without deliverOnConnect. */
function server(direct: boolean): Server {
  const server = new Server({ name: 's', version: '1' }, { capabilities: { tools: {} } });
  server.setRequestHandler('tools/list', () => ({ tools: [{ name: 'echo', inputSchema: { type: 'object' as const } }] }));
  server.setRequestHandler('tools/call', async (request, ctx) => {
    await new Promise((resolve) => setImmediate(resolve));
    if (request.params.arguments !== undefined) received.push(new WeakRef(request.params.arguments));
    if (request.params.name === 'fail') throw new Error('it failed');
    const token = request.params._meta?.progressToken;
    if (token !== undefined) await ctx.mcpReq.notify({ method: 'notifications/progress', params: { progressToken: token, progress: 1 } });
    return { content: [{ type: 'text' as const, text: `echo ${request.params.name}` }] };
  });
  if (direct) expect(deliverOnConnect(server)).toBe(true);
  return server;
}

/** createMcpHandler over SDK servers, with or without deliverOnConnect: each answer as status, content type and body. */
function handler(direct: boolean): Fetch {
  const served = createMcpHandler(() => server(direct), { legacy: 'reject' });
  return async (message, name) => {
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2026-07-28', 'mcp-method': String(message['method']) };
    if (name !== undefined) headers['mcp-name'] = name;
    const response = await served.fetch(new Request('http://127.0.0.1/mcp', { method: 'POST', headers }), { parsedBody: { jsonrpc: '2.0', ...message } });
    const answer = `${response.status} ${response.headers.get('content-type') ?? ''} ${await response.text()}`;
    if (process.env['SHOW']) console.log(answer.slice(0, 150));
    return answer;
  };
}

const MESSAGES: Array<[Record<string, unknown>, string?]> = [
  [{ id: 1, method: 'tools/list', params: { _meta: META } }],
  [{ id: 2, method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: META } }, 'echo'],
  [{ id: 'three', method: 'tools/call', params: { name: 'echo', arguments: {}, _meta: { ...META, progressToken: 7 } } }, 'echo'],
  [{ id: 4, method: 'tools/call', params: { name: 'fail', arguments: {}, _meta: META } }, 'fail'],
  [{ id: 5, method: 'tools/call', params: { arguments: {}, _meta: META } }],
  [{ id: 6, method: 'prompts/list', params: { _meta: META } }],
  [{ id: 7, method: 'vendor/unknown', params: { _meta: META } }],
  [{ method: 'notifications/cancelled', params: { requestId: 1, _meta: META } }],
];

describe('deliverOnConnect: createMcpHandler’s exchanges without the SDK’s type guards', () => {
  it('answers every message as connect()’s own delivery does, byte for byte', async () => {
    const [guarded, direct] = [handler(false), handler(true)];
    for (const [message, name] of MESSAGES) expect(await direct(message, name)).toBe(await guarded(message, name));
  });

  it('lets a finished request’s body go: nothing keeps it once the answer is read', async () => {
    const fetch = handler(true);
    /** One request, in a frame of its own (a suspended frame of the loop could hold its last body). */
    const call = async (id: number): Promise<WeakRef<object>> => {
      const body = { payload: new Array<number>(256).fill(id) };
      expect(await fetch({ id, method: 'tools/call', params: { name: 'echo', arguments: body, _meta: META } }, 'echo')).toMatch(/^200 /);
      return new WeakRef(body);
    };
    received.length = 0;
    const bodies: Array<WeakRef<object>> = [];
    for (let id = 0; id < 20; id++) bodies.push(await call(id));
    expect(received).toHaveLength(20);
    // A WeakRef holds its target until the task that made or read it ends; then a full collection
    // frees every body, and every parse of one, that nothing else keeps. No timing: the collection is
    // forced, its result certain.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    const kept = (refs: Array<WeakRef<object>>): number => refs.filter((ref) => ref.deref() !== undefined).length;
    expect({ bodies: kept(bodies), received: kept(received) }).toEqual({ bodies: 0, received: 0 });
  });
});
