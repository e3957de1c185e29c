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

/** The one name every loopback server of ours answers to: it listens on 127.0.0.1 only. */
const OWN_NAME = '127.0.0.1';
/** Other names of this computer's loopback: a client told them may reach another program's [::1]:PORT. */
const OTHER_LOOPBACK_NAMES = ['localhost', '[::1]'];

/** DNS rebinding defence: the Host header names this server by its own address, `127.0.0.1:PORT`, and nothing else. */
export function isOwnHost(host: string | undefined, port: number): boolean {
  return host?.toLowerCase() === `${OWN_NAME}:${port}`;
}

/** Node keeps the first of several Host lines; RFC 9112 §3.2 answers such a request 400. */
export function hasSeveralHosts(request: IncomingMessage): boolean {
  let count = 0;
  for (let i = 0; i < request.rawHeaders.length; i += 2) if (request.rawHeaders[i]?.toLowerCase() === 'host') count++;
  return count > 1;
}

/**
 * A Host naming this port by another loopback name (`localhost`, `[::1]`): this computer, but not
 * surely this server, so a door either refuses it saying which address to use (the bridge) or
 * sends a page to its own address (the web UI). Never a reason to serve.
 */
export function isOtherLoopbackHost(host: string | undefined, port: number): boolean {
  const name = host?.toLowerCase();
  return OTHER_LOOPBACK_NAMES.some((other) => name === `${other}:${port}`);
}

/** Every origin that names this port on loopback, own or not: what an app must not reach. */
export function loopbackOrigins(port: number): string[] {
  return [OWN_NAME, ...OTHER_LOOPBACK_NAMES].map((name) => `http://${name}:${port}`);
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

/**
 * A request target read as a path of our own address, null when it is not origin-form (RFC 9112
 * §3.2.1): never a throw, whatever a local process sends. Read relative to a base instead, `http://[`
 * would throw and `//host/…` (or `/\host/…`) would name an authority; here that is the path `//host/…`.
 */
export function targetPath(target: string | undefined): URL | null {
  return target?.startsWith('/') === true ? URL.parse(`http://127.0.0.1${target}`) : null;
}
