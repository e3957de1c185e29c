import type { IncomingMessage, ServerResponse } from 'node:http';
import { isOwnHost } from '../net';

/**
 * The UI has one address, `http://127.0.0.1:PORT`, the only one it listens on. `localhost` is not
 * ours: a browser that tries `::1` first reaches whatever process holds `[::1]:PORT` (anyone may bind
 * it), so a page of origin `http://localhost:PORT` (or `[::1]`) may be another program's. Its calls are
 * refused, it frames no app, and a request that did reach us under that name is sent to our address.
 */
export function ownOrigin(port: number): string {
  return `http://127.0.0.1:${port}`;
}

/** A browser's Origin, when present, must be the UI's own address; `localhost`, `[::1]`, `null` and lookalikes are refused. */
export function isOwnOrigin(origin: string | undefined, port: number): boolean {
  return origin === undefined || origin.toLowerCase() === ownOrigin(port);
}

/**
 * A page asked for under another loopback name (`localhost:PORT`) moves to the UI's own address,
 * path and query kept; the fragment (a sign-in link's `#token=`) follows the redirect in the browser
 * (RFC 9110 §10.2.2), never reaching any server. True when it answered.
 */
export function redirectToOwnAddress(request: IncomingMessage, response: ServerResponse, url: URL, port: number, headers: Record<string, string>): boolean {
  if (isOwnHost(request.headers.host, port)) return false;
  response.writeHead(307, { ...headers, location: `${ownOrigin(port)}${url.pathname}${url.search}` });
  response.end();
  return true;
}
