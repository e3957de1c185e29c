/**
 * The leanest Streamable HTTP client we could write: node:http with keep-alive sockets, one POST per
 * request, a plain JSON or SSE answer. The benchmark measures the bridge with it so that what it
 * shows is the bridge's cost, not the agent's HTTP library's (the SDK's HTTP client is measured too).
 */
import { Agent, request } from 'node:http';

const PROTOCOL_VERSION = '2025-06-18';
const MODERN_VERSION = '2026-07-28';
/** The per-request `_meta` envelope of a 2026-07-28 request (MCP 2026-07-28 basic/lifecycle). */
const ENVELOPE = {
  'io.modelcontextprotocol/protocolVersion': MODERN_VERSION,
  'io.modelcontextprotocol/clientInfo': { name: 'bench-lean', version: '1' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

interface Reply {
  id?: number | string;
  result?: { content?: Array<{ text?: string }> };
  error?: { message?: string };
}

/** The JSON-RPC answer in a response body: plain JSON, or the `data:` event carrying an `id` (SSE). */
function replyOf(contentType: string, body: string): Reply | undefined {
  if (!contentType.includes('text/event-stream')) return body === '' ? undefined : (JSON.parse(body) as Reply);
  for (const line of body.split('\n')) {
    if (!line.startsWith('data:')) continue;
    const message = JSON.parse(line.slice(5)) as Reply;
    if (message.id !== undefined) return message;
  }
  return undefined;
}

interface ListReply {
  result?: { tools?: Array<{ name: string }>; nextCursor?: string };
  error?: { message?: string };
}

export class LeanClient {
  readonly #url: URL;
  /**
   * The same object for every request until the session or protocol version changes: building a
   * headers object per request cost the client 5–10 µs more per call with a token and a session
   * header than without (a canned server, 30,000 calls), so the side with a session paid for the
   * client's habit. Content-Length is left out: node:http sets it from the body `end` is given.
   */
  #headers: Readonly<Record<string, string>>;
  readonly #agent: Agent;
  #session: string | undefined;
  #nextId = 1;
  /** 2026-07-28: no session; each call carries the envelope and its Mcp-Method / Mcp-Name headers (made once per tool). */
  #modern: Map<string, Readonly<Record<string, string>>> | undefined;

  private constructor(url: string, token: string | undefined, sockets: number) {
    this.#url = new URL(url);
    this.#headers = {
      'Content-Type': 'application/json',
      Accept: 'application/json, text/event-stream',
      ...(token !== undefined && { Authorization: `Bearer ${token}` }),
    };
    this.#agent = new Agent({ keepAlive: true, maxSockets: sockets });
  }

  #setHeader(name: string, value: string): void {
    this.#headers = { ...this.#headers, [name]: value };
  }

  static async connect(url: string, token?: string, sockets = 16): Promise<LeanClient> {
    const client = new LeanClient(url, token, sockets);
    await client.#post('initialize', { protocolVersion: PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'bench-lean', version: '1' } });
    client.#setHeader('MCP-Protocol-Version', PROTOCOL_VERSION);
    await client.#send({ jsonrpc: '2.0', method: 'notifications/initialized' }, 'POST');
    return client;
  }

  /** A 2026-07-28 client: nothing to open, every request stands alone. */
  static modern(url: string, token?: string, sockets = 16): LeanClient {
    const client = new LeanClient(url, token, sockets);
    client.#setHeader('MCP-Protocol-Version', MODERN_VERSION);
    client.#modern = new Map();
    return client;
  }

  /** The text of the tool's first content block. */
  async callTool(name: string, args: Record<string, unknown>): Promise<string | undefined> {
    const modern = this.#modern;
    if (modern === undefined) return (await this.#post('tools/call', { name, arguments: args }))?.result?.content?.[0]?.text;
    let headers = modern.get(name);
    if (headers === undefined) {
      headers = { ...this.#headers, 'Mcp-Method': 'tools/call', 'Mcp-Name': name };
      modern.set(name, headers);
    }
    const reply = await this.#send({ jsonrpc: '2.0', id: this.#nextId++, method: 'tools/call', params: { name, arguments: args, _meta: ENVELOPE } }, 'POST', headers);
    if (reply?.error) throw new Error(`tools/call failed: ${reply.error.message ?? 'error'}`);
    return reply?.result?.content?.[0]?.text;
  }

  /** One page of a 2026-07-28 agent's tools/list: the tool names and the next cursor. */
  async listTools(cursor?: string): Promise<{ tools: string[]; nextCursor: string | undefined }> {
    const modern = this.#modern;
    if (modern === undefined) throw new Error('listTools is for a 2026-07-28 client (LeanClient.modern)');
    let headers = modern.get('\u0000tools/list');
    if (headers === undefined) {
      headers = { ...this.#headers, 'Mcp-Method': 'tools/list' };
      modern.set('\u0000tools/list', headers);
    }
    const params = { ...(cursor !== undefined && { cursor }), _meta: ENVELOPE };
    const reply = (await this.#send({ jsonrpc: '2.0', id: this.#nextId++, method: 'tools/list', params }, 'POST', headers)) as ListReply | undefined;
    if (reply?.error) throw new Error(`tools/list failed: ${reply.error.message ?? 'error'}`);
    return { tools: (reply?.result?.tools ?? []).map((tool) => tool.name), nextCursor: reply?.result?.nextCursor };
  }

  /**
   * Any 2026-07-28 request, its `_meta` the envelope and `meta` (a progress token, a log level): the
   * JSON-RPC answer. `name`: the Mcp-Name header's value, where the method has one.
   */
  async modernRequest(method: string, params: Record<string, unknown>, meta: Record<string, unknown> = {}, name?: string): Promise<{ result?: unknown; error?: { message?: string } } | undefined> {
    const modern = this.#modern;
    if (modern === undefined) throw new Error('modernRequest is for a 2026-07-28 client (LeanClient.modern)');
    const key = `\u0001${method}\u0000${name ?? ''}`;
    let headers = modern.get(key);
    if (headers === undefined) {
      headers = { ...this.#headers, 'Mcp-Method': method, ...(name !== undefined && { 'Mcp-Name': name }) };
      modern.set(key, headers);
    }
    return await this.#send({ jsonrpc: '2.0', id: this.#nextId++, method, params: { ...params, _meta: { ...ENVELOPE, ...meta } } }, 'POST', headers);
  }

  async close(): Promise<void> {
    if (this.#session !== undefined) await this.#send(undefined, 'DELETE').catch(() => undefined);
    this.#agent.destroy();
  }

  async #post(method: string, params: unknown): Promise<Reply | undefined> {
    const reply = await this.#send({ jsonrpc: '2.0', id: this.#nextId++, method, params }, 'POST');
    if (reply?.error) throw new Error(`${method} failed: ${reply.error.message ?? 'error'}`);
    return reply;
  }

  #send(message: unknown, method: 'POST' | 'DELETE', headers = this.#headers, again = true): Promise<Reply | undefined> {
    const body = message === undefined ? '' : JSON.stringify(message);
    return new Promise((resolve, reject) => {
      const req = request(this.#url, { method, agent: this.#agent, headers }, (res) => {
        const session = res.headers['mcp-session-id'];
        if (typeof session === 'string' && session !== this.#session) {
          this.#session = session;
          this.#setHeader('Mcp-Session-Id', session);
        }
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          if ((res.statusCode ?? 0) >= 400) return reject(new Error(`HTTP ${String(res.statusCode)}: ${text}`));
          try {
            resolve(replyOf(res.headers['content-type'] ?? '', text));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed (its keepAliveTimeout) as this request went out: the
        // request never reached it, so it is sent once more on a fresh socket (Node's http docs, "reusedSocket").
        if (again && req.reusedSocket && error.code === 'ECONNRESET') this.#send(message, method, headers, false).then(resolve, reject);
        else reject(error);
      });
      req.end(body);
    });
  }
}
