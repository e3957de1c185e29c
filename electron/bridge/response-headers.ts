/**
 * Every bridge response says: never store it, never read it as another type than it declares.
 * As one flat list for `writeHead`: node:http takes a list given to `writeHead` straight to the
 * wire when nothing was set with `setHeader` before, while a `setHeader` first makes it re-set every
 * field one by one (the bench: ~6 µs of the bridge's CPU per call). So nothing here uses `setHeader`.
 */
import type { ServerResponse } from 'node:http';

const SECURITY_HEADERS = ['Cache-Control', 'no-store', 'X-Content-Type-Options', 'nosniff'] as const;

/** `fields` (name, value, name, value, …) after the security headers, for `res.writeHead(status, …)`. */
export function responseHeaders(...fields: Array<string | number>): Array<string | number> {
  return [...SECURITY_HEADERS, ...fields];
}

/** A whole JSON answer: its length declared, so head and body leave in one write (after `writeHead` alone node sends it chunked). */
export function endJson(res: ServerResponse, status: number, body: string, ...fields: Array<string | number>): void {
  res.writeHead(status, responseHeaders('Content-Type', 'application/json', ...fields, 'Content-Length', Buffer.byteLength(body)));
  res.end(body);
}
