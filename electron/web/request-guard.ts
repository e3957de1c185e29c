import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export const SESSION_COOKIE = 'cs_session';

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

/** A browser's Origin, when present, must be this very server; `null` and lookalikes are refused. */
export function isAllowedOrigin(origin: string | undefined, port: number): boolean {
  if (origin === undefined) return true;
  return LOOPBACK_NAMES.some((name) => origin.toLowerCase() === `http://${name}:${port}`);
}

export function cookieValue(request: IncomingMessage, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The session secret from the cookie (browser) or a bearer header (scripts). */
export function presentedSecret(request: IncomingMessage): string | undefined {
  const auth = request.headers.authorization;
  if (auth?.startsWith('Bearer ')) return auth.slice('Bearer '.length).trim();
  return cookieValue(request, SESSION_COOKIE);
}
