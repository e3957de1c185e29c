import type { ServerResponse } from 'node:http';
import type { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { HTTP_STATUS } from './http-status';
import { BodyTooLarge } from './read-body';

/** On every answer of the web server. */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
  'cache-control': 'no-store',
  // A page that opened the UI's tab cannot later send it elsewhere (reverse tabnabbing).
  'cross-origin-opener-policy': 'same-origin',
};

const PAGE_CSP = "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** The UI's policy; it may frame the app origin and nothing else (MCP Apps run there, sandboxed). */
export function pageCsp(appOrigin: string | undefined): string {
  return appOrigin === undefined ? PAGE_CSP : `${PAGE_CSP}; frame-src ${appOrigin}`;
}

export function sendJson(response: ServerResponse, status: number, body: unknown, extraHeaders: Record<string, string> = {}): void {
  response.writeHead(status, { ...SECURITY_HEADERS, ...extraHeaders, 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

export function sendError(response: ServerResponse, error: CodedError): void {
  const wire = error.toWire();
  wire.message = redact(wire.message);
  if (wire.hint !== undefined) wire.hint = redact(wire.hint);
  sendJson(response, error instanceof BodyTooLarge ? 413 : HTTP_STATUS[error.code], { error: wire });
}

/** A JSON POST: another site's page cannot send one without a preflight, which is never granted. */
export function isJsonPost(request: { method?: string | undefined; headers: { 'content-type'?: string | undefined } }): boolean {
  return request.method === 'POST' && (request.headers['content-type'] ?? '').startsWith('application/json');
}
