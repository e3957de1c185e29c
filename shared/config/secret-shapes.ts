import { secretNamed } from '../redact';
import { secretParameterNamed } from './secret-parameter-names';
import { ulidRecordId } from './ulid-ids';

export { secretNamed, secretParameterNamed };

/*
 * What a secret in clear looks like, in an env value, a command argument or a URL: pure tests that
 * `import` and `servers add` share, so both judge an entry alike (SECURITY.md, "nothing is written in clear").
 */

const TOKEN_PREFIX = /^(sk-|sk_|pk_live_|rk_live_|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|glpat-|AKIA|AIza|ya29\.|eyJ[A-Za-z0-9_-]{8,}\.)/;

/** A known token's prefix (`ghp_`, `sk-`, `xoxb-`, `AKIA`, a JWT's header). */
export function hasTokenPrefix(value: string): boolean {
  return TOKEN_PREFIX.test(value);
}

/** High-entropy-looking values: long, mixed letters and digits, no spaces, not a path or URL. */
export function looksLikeToken(value: string): boolean {
  if (TOKEN_PREFIX.test(value)) return true;
  return value.length >= 24 && /[A-Za-z]/.test(value) && /\d/.test(value) && !/[\s/\\:]/.test(value);
}

/** Our references: what `mcp.json` may hold where a secret goes, a sign-in's `${token}` / `${token:SERVER}` too (stdio-credential.ts). */
const REFERENCE = /\$\{(?:(?:secretFile|secret|env):[^}]+|token(?::[A-Za-z0-9][A-Za-z0-9_-]{0,47})?)\}/g;

/** The text of a value outside its `${secret:…}`/`${env:…}`/`${token…}` references. */
export function outsideReferences(value: string): string {
  return value.replace(REFERENCE, '');
}

/** Only references and plain text: a stray `${` is no reference. */
export function onlyReferences(value: string): boolean {
  return value.includes('${') && !outsideReferences(value).includes('${');
}

/** What a shell leaves of an unquoted or double-quoted `${secret:NAME}`: nothing, or a scheme alone. */
export function emptied(value: string): boolean {
  return /^\s*(?:(?:Bearer|Basic|Token|Bot)\s*)?$/i.test(value);
}

/**
 * A word made of words (`Qwen2.5-Coder-32B-Instruct`, `McpServerMain2024Edition`): nearly all its
 * letters stand in runs of three or more that read as words, which a random token's rarely do.
 */
export function madeOfWords(word: string): boolean {
  const letters = word.replace(/[^A-Za-z]/g, '').length;
  const inWords = (word.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? []).filter((run) => run.length >= 3).reduce((sum, run) => sum + run.length, 0);
  return letters > 0 && inWords / letters >= 0.8;
}

/** A file's path: `/…`, `~/…`, `./…`, `../…`, `C:\…`. */
const PATH = /^(?:~|\.{1,2})?[/\\]|^[A-Za-z]:[/\\]/;

/**
 * A path with references in it: `~/…`, `./…`, `../…`, `C:\…`, `\\server\…`. It names a file; it is no
 * secret. One that starts with `/` or a reference is judged by the reference's name (namesAPlace), since
 * base64 may start so (`/abc${env:X}` is refused).
 */
const PATH_FROM_REFERENCES = /^(?:~|\.{1,2})[/\\]|^[A-Za-z]:[/\\]|^\\\\/;

/** Whether a value that holds references reads as a file's path, with no token-shaped word in it. */
export function pathFromReferences(value: string): boolean {
  return PATH_FROM_REFERENCES.test(value) && !tokenShaped(value);
}

/**
 * A token's shape (`looksLikeToken`, which `import` uses) in any word of a value: a path's segment, a
 * flag's `=value`, a query's parameter. Without a known prefix a word must mix upper and lower case,
 * so an id, a UUID, a package or a project's name is not taken for one; in a path only a known
 * prefix counts (`~/sk-…`), since folders made by mkdtemp and the like mix case at random.
 */
export function tokenShaped(value: string): boolean {
  const text = outsideReferences(value);
  const path = PATH.test(text.trim());
  return text
    .split(/[\s/\\=&?#,;]+/)
    .some((word) => word.length >= 16 && !word.startsWith('-') && looksLikeToken(word) && (hasTokenPrefix(word) || (!path && /[a-z]/.test(word) && /[A-Z]/.test(word) && !madeOfWords(word))));
}

/** A URL carrying a password (`postgres://app:pw@db/x`). */
export function urlWithPassword(value: string): boolean {
  return URL.canParse(value) && new URL(value).password !== '';
}

/** A URL's parameters: its query, its fragment's (`#access_token=…`, OAuth's implicit grant) and its path's (`/mcp;token=…`). */
function urlParameters(url: URL): Iterable<[string, string]> {
  const matrix = url.pathname.split('/').flatMap((segment) => segment.split(';').slice(1).map((pair): [string, string] => {
    const eq = pair.indexOf('=');
    return eq < 0 ? [pair, ''] : [pair.slice(0, eq), decodeURIComponentSafe(pair.slice(eq + 1))];
  }));
  return [...url.searchParams, ...new URLSearchParams(url.hash.slice(1)), ...matrix];
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The URL parameters (query, fragment, path) with a secret's name (`api_key`, `token`, `access_token`) or a token-shaped value, as written. */
export function secretParameters(value: string): [name: string, value: string][] {
  if (!URL.canParse(value)) return [];
  return [...urlParameters(new URL(value))].filter(([name, param]) => {
    if (outsideReferences(param).trim() === '') return false;
    return secretParameterNamed(name) || tokenShaped(param);
  });
}

/** The name of the first of a URL's `secretParameters`. */
export function secretInQuery(value: string): string | undefined {
  return secretParameters(value)[0]?.[0];
}

/** A key's prefix as services put it in a path (`tok_…`, `sk_…`, `pk_…`, `ghp_…`, `xoxb-…`). */
const PATH_TOKEN_PREFIX = /^(?:tok|sk|pk|rk|gh[posur]|xox[abpr])[_-]/;

/** An ID that is a ULID naming a record (ulidRecordId); one after a key's prefix (`sk_01HZ…`, `glpat-01HZ…`) is a key still. */
function ulidId(segment: string, before: string | undefined, now: number): boolean {
  return ulidRecordId(segment, before, now) && !PATH_TOKEN_PREFIX.test(segment) && !hasTokenPrefix(segment);
}

/**
 * A path segment that reads as a key, though `tokenShaped` lets it by: a key's prefix before a piece
 * with a digit (`tok_…`, `xoxb-123…`), or a long piece of letters and digits that is no run of words,
 * or holds many digits (a made-up `abcdefABCDEF1234567890`). Slugs (`my-github-server`), UUIDs and
 * lower-case hex IDs (an account, an ObjectId, a commit) pass.
 */
export function keyShapedSegment(segment: string): boolean {
  if (!/^[A-Za-z0-9_.~-]+$/.test(segment)) return false;
  const prefix = PATH_TOKEN_PREFIX.exec(segment);
  if (prefix !== null) {
    const rest = segment.slice(prefix[0].length);
    // `sk-learning2024` is a slug: after the prefix, a key's piece is long, or no run of words.
    if (rest.split(/[-_.~]/).some((piece) => piece.length >= 10 && /\d/.test(piece) && (piece.length >= 16 || !madeOfWords(piece)))) return true;
  }
  return segment.split(/[-_.~]/).some((piece) => {
    if (piece.length < 20 || !/[A-Za-z]/.test(piece) || !/\d/.test(piece)) return false;
    // Lower-case hex is how IDs are written in paths (a Cloudflare account, an ObjectId, a commit).
    if (/^[0-9a-f]+$/.test(piece)) return false;
    return !madeOfWords(piece) || piece.replace(/\D/g, '').length >= 8;
  });
}

/** A URL's path segments that are token-shaped (`/u/<token>/mcp`), decoded; `now` dates a ULID's time. */
export function secretPathSegments(value: string, now = Date.now()): string[] {
  if (!URL.canParse(value)) return [];
  const segments = new URL(value).pathname.split(/[/;]/).map(decodeURIComponentSafe);
  return segments.filter((segment, i) => !ulidId(segment, segments[i - 1], now) && (keyShapedSegment(segment) || tokenShaped(segment)));
}

/** A URL whose path holds a token-shaped segment (`/u/<token>/mcp`): the service reads it as a credential. */
export function secretInUrlPath(value: string, now = Date.now()): boolean {
  return secretPathSegments(value, now).length > 0;
}
