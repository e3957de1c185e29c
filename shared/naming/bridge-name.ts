import { shortHash } from './short-hash';

/** Between the server prefix and the tool name. */
export const SEPARATOR = '__';

/**
 * Clients forward tool names to model APIs that accept only `^[a-zA-Z0-9_-]{1,64}$`
 * (e.g. the Anthropic Messages API), so bridge names keep to that.
 */
export const MAX_NAME_LENGTH = 64;
export const BRIDGE_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** Hex digits of the hash appended to truncated or colliding names. */
export const HASH_LENGTH = 8;

/** Every character outside `[A-Za-z0-9_-]` becomes `_`, one for one (names stay readable). */
export function sanitizeSegment(text: string): string {
  const out = text.replace(/[^A-Za-z0-9_-]/g, '_');
  return out === '' ? '_' : out;
}

/** The hash input: unambiguous for any pair (NUL cannot appear in a server name). */
function pairKey(server: string, name: string): string {
  return `${server}\u0000${name}`;
}

/** `text` cut to leave room for `_` and `digits` hash digits, then the hash of the exact pair. */
export function withHash(text: string, server: string, name: string, digits = HASH_LENGTH): string {
  const hash = shortHash(pairKey(server, name)).slice(0, digits);
  return `${text.slice(0, MAX_NAME_LENGTH - digits - 1)}_${hash}`;
}

/**
 * The name a server's tool (or prompt) gets on the bridge, ignoring other names:
 * `<server>__<name>` sanitized, or cut with a hash of the exact pair when longer than 64.
 */
export function bridgeName(server: string, name: string): string {
  const plain = `${sanitizeSegment(server)}${SEPARATOR}${sanitizeSegment(name)}`;
  return plain.length <= MAX_NAME_LENGTH ? plain : withHash(plain, server, name);
}
