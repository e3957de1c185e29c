import type { IncomingMessage } from 'node:http';
import { hasSeveralHosts, isOtherLoopbackHost, loopbackOrigins, targetPath } from '../net';
import { TOKEN_PREFIX } from './token';

export const MCP_PATH = '/mcp';

/** The bridge's one address (it listens on 127.0.0.1 only), the one every entry the product writes names. */
export function ownAddress(port: number): string {
  return `http://127.0.0.1:${port}${MCP_PATH}`;
}
export const AUTH_REALM = 'connected-services';
const METHODS = new Set(['POST', 'GET', 'DELETE']);
/** Query parameter names that look like a credential. */
const CREDENTIAL_PARAM = /token|auth|key|secret|bearer|password|session|credential/i;

/** A refusal before any MCP handler runs: HTTP status plus a JSON-RPC error body. */
export interface Refusal {
  status: number;
  rpcCode: number;
  message: string;
  headers?: Record<string, string>;
  /** The `localhost` or `[::1]` Host, or a page's Origin of that name and port, that named the bridge: the endpoint audits the refusal. */
  misnamed?: Misnamed;
}

/** Which header named the bridge's port by another loopback name, and its value (one of a few fixed strings per port). */
export interface Misnamed {
  header: 'Host' | 'Origin';
  value: string;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The checks every request passes first, in this order: Host names the bridge by its one address
 * (DNS rebinding; `localhost` below), no Origin but the bridge's own (agents are programs, which
 * send none or, like the MCP conformance suite's DNS-rebinding check, the server's own; a browser
 * sends one with every POST, so no other web page may drive the bridge, `null` and lookalikes
 * included; RFC 6454 §7.3; MCP 2025-11-25 basic/transports §Security Warning; the bridge serves no
 * page, so nothing runs at its own origin), the path, the method, and no credential in the query
 * string (URLs end up in logs and browser history).
 */
export function refuseEarly(req: IncomingMessage, port: number): Refusal | undefined {
  if (hasSeveralHosts(req)) return { status: 400, rpcCode: -32600, message: 'Bad Request: more than one Host header' };
  const host = header(req, 'host')?.toLowerCase();
  if (host !== `127.0.0.1:${port}`) {
    // `localhost` and `[::1]` name this computer, but not surely this bridge: it listens on 127.0.0.1
    // only, and a client that tries ::1 first sends its token to whatever holds [::1]:PORT. Refused
    // when they do reach us, so a hand-written `localhost` fails now, not leaks later.
    if (isOtherLoopbackHost(host, port)) {
      return { status: 403, rpcCode: -32000, message: `Forbidden: the bridge's address is ${ownAddress(port)}, not ${host ?? ''}: a client may send localhost to [::1]:${port}, which another program may hold, so write 127.0.0.1`, misnamed: { header: 'Host', value: host ?? '' } };
    }
    return { status: 403, rpcCode: -32000, message: `Forbidden: the Host header must name this bridge (127.0.0.1:${port})` };
  }
  const origin = header(req, 'origin');
  const page = origin?.toLowerCase();
  if (page !== undefined && page !== `http://127.0.0.1:${port}`) {
    const refusal: Refusal = { status: 403, rpcCode: -32000, message: 'Forbidden: requests from web pages are not accepted' };
    // A page at localhost:PORT or [::1]:PORT was served by whatever holds that address, not by us: the person should see it.
    if (loopbackOrigins(port).includes(page)) refusal.misnamed = { header: 'Origin', value: page };
    return refusal;
  }
  // Every agent request names exactly /mcp: nothing to parse then (no query, nothing to decode).
  const exact = req.url === MCP_PATH;
  let url: URL | undefined;
  if (!exact) {
    // An absolute-form target's authority would outrank Host (RFC 9112 §3.2.2); agents send a path.
    const path = targetPath(req.url);
    if (path === null) return { status: 400, rpcCode: -32600, message: `Bad Request: the request target must be the path ${MCP_PATH}` };
    url = path;
    if (url.pathname !== MCP_PATH) return { status: 404, rpcCode: -32000, message: `Not Found: the MCP endpoint is ${MCP_PATH}` };
  }
  if (!METHODS.has(req.method ?? '')) {
    return { status: 405, rpcCode: -32000, message: 'Method Not Allowed', headers: { Allow: 'GET, POST, DELETE' } };
  }
  for (const [name, value] of url?.searchParams ?? []) {
    if (CREDENTIAL_PARAM.test(name) || value.includes(TOKEN_PREFIX)) {
      return unauthorized('tokens are accepted only in the Authorization header, never in the URL', true);
    }
  }
  return undefined;
}

/** RFC 6750 §3: `error="invalid_token"` when a credential was presented. */
export function unauthorized(message: string, presented: boolean): Refusal {
  const challenge = `Bearer realm="${AUTH_REALM}"${presented ? ', error="invalid_token"' : ''}`;
  return { status: 401, rpcCode: -32001, message: `Unauthorized: ${message}`, headers: { 'WWW-Authenticate': challenge } };
}
