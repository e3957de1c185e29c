import type { Readable, Writable } from 'node:stream';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { FetchLike } from '../net';
import { TOKEN_ENV } from './config-snippet';
import { errorText, StdioRelay, type RelayTransports } from './stdio-relay';

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

/**
 * A stdio MCP server for clients that only speak stdio: a JSON-RPC relay between the client's stdio
 * lines (stdio-messages.ts) and SDK v2's Streamable HTTP client transport. A relay (not a Client+Server proxy)
 * passes every message unchanged (ids, progress tokens, cancellation, list_changed, future methods)
 * and leaves all policy to the bridge. When the bridge restarts (session 404), the relay replays the
 * client's initialize on a new session and retries; requests in flight on the old one get an error.
 * Resolves when stdin ends; rejects with a CodedError when the token is missing or refused or the
 * bridge cannot be reached.
 *
 * Steps: require the token, check the bridge takes it, load the transports, relay until stdin ends.
 */
export async function runStdioShim(options: StdioShimOptions): Promise<void> {
  const token = requireToken(options.token);
  const fetchFn: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  await preflight(options.bridgeUrl, token, fetchFn);
  const stderr = options.stderr ?? process.stderr;
  const relay = new StdioRelay({
    bridgeUrl: options.bridgeUrl,
    token,
    fetch: fetchFn,
    stdin: options.stdin ?? process.stdin,
    stdout: options.stdout ?? process.stdout,
    notice: (text) => stderr.write(`connected-services bridge --stdio: ${redact(text)}\n`),
    sdk: await loadTransports(),
  });
  await relay.run();
}

/** Step 1: the agent token, trimmed; none is a configuration mistake with a fix. */
function requireToken(raw: string | undefined): string {
  const token = raw?.trim();
  if (token === undefined || token === '') {
    throw new CodedError('invalid_input', `${TOKEN_ENV} is not set`, {
      hint: `create an agent with \`connected-services agents add NAME\` and set ${TOKEN_ENV} to its token in your client's config`,
    });
  }
  return token;
}

/** Step 2, before relaying anything: is the bridge there, and does it take this token? A GET without session answers 400 when it does. */
async function preflight(url: string, token: string, fetchFn: FetchLike): Promise<void> {
  let response: Response;
  try {
    response = await fetchFn(url, { method: 'GET', headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' } });
    await response.body?.cancel();
  } catch (error) {
    throw new CodedError('server_unavailable', redact(`cannot reach the Connected Services bridge at ${url}: ${errorText(error)}`), {
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

/** Step 3: the SDK's transports, loaded here, not when the CLI starts: every other command would pay for them. */
async function loadTransports(): Promise<RelayTransports> {
  const sdk = await import('@modelcontextprotocol/client');
  return {
    StreamableHTTPClientTransport: sdk.StreamableHTTPClientTransport,
    SdkHttpError: sdk.SdkHttpError,
    UnauthorizedError: sdk.UnauthorizedError,
    isJSONRPCRequest: sdk.isJSONRPCRequest,
    isJSONRPCResultResponse: sdk.isJSONRPCResultResponse,
    isJSONRPCErrorResponse: sdk.isJSONRPCErrorResponse,
    parseJSONRPCMessage: sdk.parseJSONRPCMessage,
  };
}
