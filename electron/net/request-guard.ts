import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export function newSessionSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Constant-time comparison; hashing first makes lengths equal and leaks nothing about them. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

/** DNS rebinding defence: the Host header must name this server on loopback, port included. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  if (!host) return false;
  return LOOPBACK_NAMES.some((name) => host.toLowerCase() === `${name}:${port}`);
}

/** Every origin a page of this server may have (the names isAllowedOrigin accepts): one UI opened as `localhost` frames apps too. */
export function allowedOrigins(port: number): string[] {
  return LOOPBACK_NAMES.map((name) => `http://${name}:${port}`);
}

/** A browser's Origin, when present, must be this very server; `null` and lookalikes are refused. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

/**
 * The session secret from the `Authorization: Bearer` header, the only place it is accepted.
 * Never a cookie: cookies are not isolated by port (RFC 6265 §8.5), so the browser would hand it
 * to every other server on 127.0.0.1 the person visits.
 */
export function presentedSecret(request: IncomingMessage): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  return undefined;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The bearer token of the Authorization header (scheme case-insensitive, RFC 7235 §2.1). */
export function bearerToken(req: IncomingMessage): string | undefined {
  const value = header(req, 'authorization');
  if (value === undefined) return undefined;
  const match = /^\s*bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}
