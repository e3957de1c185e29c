import type { Readable, Writable } from 'node:stream';
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { FetchLike } from '../net';
import { TOKEN_ENV } from './config-snippet';

export interface StdioShimOptions {
  /** The running bridge, e.g. `http://127.0.0.1:47781/mcp`. */
  bridgeUrl: string;
  /** The agent token (from CONNECTED_SERVICES_TOKEN). */
  token: string | undefined;
  stdin?: Readable;
  stdout?: Writable;
  /** Notices while running (the bridge restarted, a request failed). */
  stderr?: Writable;
  fetch?: FetchLike;
}

const REINIT_ID = 'connected-services-shim-reinit';
const RESPONSE_GAP_MS = 15;

function message(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error));
}

/** Before relaying anything: is the bridge there, and does it take this token? A GET without session answers 400 when it does. */
async function preflight(url: string, token: string, fetchFn: FetchLike): Promise<void> {
  let response: Response;
  try {
    response = await fetchFn(url, { method: 'GET', headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } });
    await response.body?.cancel();
  } catch (error) {
    throw new CodedError('server_unavailable', redact(`cannot reach the Connected Services bridge at ${url}: ${message(error)}`), {
      hint: 'start the app, or run `connected-services serve`, then restart this MCP server in your client',
    });
  }
  if (response.status === 401) {
    throw new CodedError('denied', 'the bridge refused the agent token (401)', {
      hint: `the agent may have been removed or its token rotated: run \`connected-services agents rotate NAME\` and put the new token in ${TOKEN_ENV}`,
    });
  }
  if (response.status === 403 || response.status === 404) {
    throw new CodedError('invalid_config', redact(`${url} is not a Connected Services bridge endpoint (HTTP ${response.status})`), {
      hint: 'use http://127.0.0.1:<bridge port>/mcp',
    });
  }
}

/**
 * A stdio MCP server for clients that only speak stdio: a JSON-RPC relay between the SDK's stdio
 * server transport and its Streamable HTTP client transport. A relay (not a Client+Server proxy)
 * passes every message unchanged (ids, progress tokens, cancellation, list_changed, future methods)
 * and leaves all policy to the bridge. When the bridge restarts (session 404), the relay replays the
 * client's initialize on a new session and retries; requests in flight on the old one get an error.
 * Resolves when stdin ends; rejects with a CodedError when the token is missing or refused or the
 * bridge cannot be reached.
 */
export async function runStdioShim(options: StdioShimOptions): Promise<void> {
  const token = options.token?.trim();
  if (token === undefined || token === '') {
    throw new CodedError('invalid_input', `${TOKEN_ENV} is not set`, {
      hint: `create an agent with \`connected-services agents add NAME\` and set ${TOKEN_ENV} to its token in your client's config`,
    });
  }
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  await preflight(options.bridgeUrl, token, fetchFn);
  const stdin = options.stdin ?? process.stdin;
  const stderr = options.stderr ?? process.stderr;
  const notice = (text: string): void => {
    stderr.write(`connected-services bridge --stdio: ${redact(text)}\n`);
  };

  // Loaded here, not when the CLI starts: every other command would pay for them.
  const [{ StdioServerTransport }, { StreamableHTTPClientTransport, StreamableHTTPError }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/stdio.js'),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const stdio = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const pending = new Set<RequestId>();
  let initialize: JSONRPCRequest | undefined;
  let protocolVersion: string | undefined;
  let reinit: { resolve: () => void; reject: (error: Error) => void } | undefined;
  let fatal: CodedError | undefined;
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });

  // SDK clients handle a response at once but notifications a microtask later, so a progress
  // notification read in the same chunk as its response is lost (typescript-sdk#2580). A response
  // right after a notification therefore waits a moment, so the two reach the client apart.
  let writes: Promise<void> = Promise.resolve();
  let notifiedAt = 0;
  const toClient = (msg: JSONRPCMessage): void => {
    writes = writes
      .then(async () => {
        const response = isJSONRPCResultResponse(msg) || isJSONRPCErrorResponse(msg);
        const since = Date.now() - notifiedAt;
        if (response && since < RESPONSE_GAP_MS) await new Promise((resolve) => setTimeout(resolve, RESPONSE_GAP_MS - since));
        if (!response && !isJSONRPCRequest(msg)) notifiedAt = Date.now();
        await stdio.send(msg);
      })
      .catch((error: unknown) => notice(`could not write to the client: ${message(error)}`));
  };
  const failRequest = (id: RequestId, text: string): void => {
    pending.delete(id);
    toClient({ jsonrpc: '2.0', id, error: { code: -32603, message: text } });
  };

  function newHttp(): StreamableHTTPClientTransport {
    const transport = new StreamableHTTPClientTransport(new URL(options.bridgeUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
      fetch: fetchFn,
    });
    transport.onmessage = (msg) => {
      if ((isJSONRPCResultResponse(msg) || isJSONRPCErrorResponse(msg)) && msg.id === REINIT_ID) {
        if (isJSONRPCResultResponse(msg)) reinit?.resolve();
        else reinit?.reject(new Error(msg.error.message));
        return;
      }
      if (isJSONRPCResultResponse(msg) || isJSONRPCErrorResponse(msg)) {
        if (msg.id !== undefined) pending.delete(msg.id);
        if (isJSONRPCResultResponse(msg) && initialize !== undefined && msg.id === initialize.id) {
          const version = msg.result['protocolVersion'];
          if (typeof version === 'string') {
            protocolVersion = version;
            transport.setProtocolVersion(version);
          }
        }
      }
      toClient(msg);
    };
    transport.onerror = (error) => notice(message(error));
    return transport;
  }

  let http = newHttp();
  await http.start();

  /** A new bridge session carrying the client's original initialize (its answer is not forwarded twice). */
  async function reconnect(retrying: JSONRPCMessage): Promise<void> {
    if (!initialize) throw new Error('no session to restore');
    await http.close().catch(() => undefined);
    const keep = isJSONRPCRequest(retrying) ? retrying.id : undefined;
    for (const id of [...pending]) {
      if (id !== keep) failRequest(id, 'the Connected Services bridge restarted while this request was running; retry it');
    }
    http = newHttp();
    await http.start();
    const answered = new Promise<void>((resolve, reject) => {
      reinit = { resolve, reject };
    });
    await http.send({ ...initialize, id: REINIT_ID });
    await answered;
    if (protocolVersion !== undefined) http.setProtocolVersion(protocolVersion);
    await http.send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    notice('the bridge restarted; continued on a new session');
  }

  async function forward(msg: JSONRPCMessage, retried = false): Promise<void> {
    try {
      await http.send(msg);
    } catch (error) {
      const status = error instanceof StreamableHTTPError ? error.code : undefined;
      if (status === 401) {
        fatal = new CodedError('denied', 'the bridge no longer accepts the agent token (401)', {
          hint: `the agent was removed or its token rotated: put a new token in ${TOKEN_ENV}`,
        });
        finish();
        return;
      }
      if (status === 404 && !retried && initialize !== undefined && msg !== initialize) {
        try {
          await reconnect(msg);
          await forward(msg, true);
          return;
        } catch (reconnectError) {
          notice(`could not restore the session: ${message(reconnectError)}`);
        }
      }
      if (isJSONRPCRequest(msg)) failRequest(msg.id, `the Connected Services bridge did not take the request: ${message(error)}`);
    }
  }

  // Messages go out in the order the client wrote them.
  let queue: Promise<void> = Promise.resolve();
  stdio.onmessage = (msg) => {
    if (isJSONRPCRequest(msg)) {
      pending.add(msg.id);
      if (msg.method === 'initialize') initialize = msg;
    }
    queue = queue.then(() => forward(msg));
  };
  stdio.onerror = (error) => notice(`unreadable input from the client: ${message(error)}`);
  stdin.once('end', () => finish());
  stdin.once('close', () => finish());
  await stdio.start();

  await finished;
  await stdio.close().catch(() => undefined);
  await http.terminateSession().catch(() => undefined);
  await http.close().catch(() => undefined);
  if (fatal) throw fatal;
}
