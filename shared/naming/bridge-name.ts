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

/**
 * `text` cut to leave room for `_` and `digits` hash digits, then the hash of the exact pair. The kept
 * text loses its trailing `_`: `a__x_` and the hash's `_` would make `a__x__<hash>`, a name in server
 * `a__x`'s namespace (owningServer). `hashKey` replaces the pair as the hash's input (a last resort).
 */
export function withHash(text: string, server: string, name: string, digits = HASH_LENGTH, hashKey = pairKey(server, name)): string {
  const hash = shortHash(hashKey).slice(0, digits);
  return `${text.slice(0, MAX_NAME_LENGTH - digits - 1).replace(/_+$/, '')}_${hash}`;
}

/**
 * The name a server's tool (or prompt) gets on the bridge, ignoring other names:
 * `<server>__<name>` sanitized, or cut with a hash of the exact pair when longer than 64.
 */
export function bridgeName(server: string, name: string): string {
  const plain = `${sanitizeSegment(server)}${SEPARATOR}${sanitizeSegment(name)}`;
  return plain.length <= MAX_NAME_LENGTH ? plain : withHash(plain, server, name);
}

/**
 * The server whose namespace a bridge name is in: of `servers`, the one with the longest
 * `<server>__` prefix of the name. Server names are `[A-Za-z0-9][A-Za-z0-9_-]*`, so `a` and `a__b`
 * can both exist, and `a__b__c` is `a__b`'s, never a tool `b__c` of `a`, started or not.
 */
export function owningServer(name: string, servers: Iterable<string>): string | undefined {
  let owner: string | undefined;
  let longest = -1;
  for (const server of servers) {
    const prefix = `${sanitizeSegment(server)}${SEPARATOR}`;
    if (prefix.length > longest && name.startsWith(prefix)) {
      owner = server;
      longest = prefix.length;
    }
  }
  return owner;
}

/**
 * The name of a pair whose plain name falls in another server's namespace (`a`'s tool `b__c` while a
 * server `a__b` exists): `<server>__<hash>-<name with every run of _ made one>`. After the prefix it
 * holds no `__`, so no other server's prefix can match it.
 */
export function ownName(server: string, name: string, digits = HASH_LENGTH): string {
  const hash = shortHash(pairKey(server, name)).slice(0, digits);
  const rest = sanitizeSegment(name).replace(/_{2,}/g, '_');
  return `${sanitizeSegment(server)}${SEPARATOR}${hash}-${rest}`.slice(0, MAX_NAME_LENGTH);
}
