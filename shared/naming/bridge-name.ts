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

/** Whether the pair's bridge name is its plain name cut, with a hash of the pair (bridgeName): a name made for it alone. */
export function isCutName(server: string, name: string): boolean {
  return `${sanitizeSegment(server)}${SEPARATOR}${sanitizeSegment(name)}`.length > MAX_NAME_LENGTH;
}

/** Whether `name` has the form ownName gives `server`'s names: `<server>__`, then 8 to 16 hex digits, then `-` or the end. */
function ownForm(name: string, prefix: string): boolean {
  return /^[0-9a-f]{8,16}(?:-|$)/.test(name.slice(prefix.length));
}

/**
 * The server whose namespace a bridge name is in, decided from `servers` alone (never from what they
 * list, so a listing cannot move a name). Server names are `[A-Za-z0-9][A-Za-z0-9_-]*`, so `a` and
 * `a__b` can both exist (new names with `__` are refused; older configs and hand edits keep theirs):
 * `a__…` is `a`'s, the shortest matching `<server>__` prefix, so `a__b__c` stays `a`'s tool `b__c`
 * and a nested server never takes a name its outer server's tool has. The nested server keeps only
 * the names of its own form (ownName): `a__b__<hash>-c` is `a__b`'s `c`.
 */
export function owningServer(name: string, servers: Iterable<string>): string | undefined {
  let outer: string | undefined;
  let outerLength = Infinity;
  let own: string | undefined;
  let ownLength = -1;
  for (const server of servers) {
    const prefix = `${sanitizeSegment(server)}${SEPARATOR}`;
    if (!name.startsWith(prefix)) continue;
    if (prefix.length < outerLength) {
      outer = server;
      outerLength = prefix.length;
    }
    if (prefix.length > ownLength && ownForm(name, prefix)) {
      own = server;
      ownLength = prefix.length;
    }
  }
  // The own form of a nested server wins over its outer server's plain names (whose tool of that form gets ownName).
  return own !== undefined && ownLength > outerLength ? own : outer;
}

/**
 * The name of a pair whose plain name falls in another server's namespace (every tool of `a__b` while
 * a server `a` exists; `a`'s tool `b__<hex>-c`, of `a__b`'s own form):
 * `<server>__<hash>-<name with every run of _ made one>`. After the prefix it holds no `__`, so no
 * other server's prefix can match it past its own.
 */
export function ownName(server: string, name: string, digits = HASH_LENGTH): string {
  const hash = shortHash(pairKey(server, name)).slice(0, digits);
  const rest = sanitizeSegment(name).replace(/_{2,}/g, '_');
  return `${sanitizeSegment(server)}${SEPARATOR}${hash}-${rest}`.slice(0, MAX_NAME_LENGTH);
}
