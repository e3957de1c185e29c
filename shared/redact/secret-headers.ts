import { headerNameWords } from '../text';
import { REFERENCE, onlyReferences, valueUntil } from './reference-values';
import { credentialNamed } from './secret-names';

/*
 * A credential's header or JSON member in text (`X-Pass: v`, `"Private-Token": "v"`, `{ cookie: 'v' }`,
 * `"db_password": "v"`), its name judged by the one rule of which name holds a credential
 * (credentialNamed: a config's header rule, word by word), so no list of member names disagrees with it.
 */

const STORE_REFERENCE_OPEN = '${secret:';

/** A header name's longest (the run of name characters before a `:` is read back at most this far). */
const MAX_NAME = 128;
// A header value runs to the end of the line (or a JSON member's `,` or `}`); a quoted one to its
// closing quote, an escaped one (`\"`, RFC 8259 §7) part of it, or to the end of its line when left open.
const HEADER_VALUE = new RegExp(valueUntil(String.raw`"'\r\n,}`), 'y');
const QUOTED_VALUE = {
  '"': new RegExp(String.raw`((?:${REFERENCE}|[^"\\\r\n]|\\[^\r\n])+)`, 'y'),
  "'": new RegExp(String.raw`((?:${REFERENCE}|[^'\\\r\n]|\\[^\r\n])+)`, 'y'),
} as const;
// A value opened by `\"` (JSON written inside a JSON string) runs to the next `\"`: its own escapes are
// doubled (`\\\"` a quote in it, `\\\\` a backslash), each taken whole so none is read as the end.
const ESCAPED_VALUE = new RegExp(String.raw`((?:${REFERENCE}|\\\\(?:\\[^\r\n]|[^\\\r\n])|\\[^"\\\r\n]|[^"\\\r\n])+)`, 'y');

const JSON_LITERAL: ReadonlySet<string> = new Set(['true', 'false', 'null']);

interface NameVerdict {
  readonly secret: boolean;
  readonly oneWord: boolean;
}

/**
 * One-word names that hold a credential wherever they stand, in any case (`authorization: token …`
 * mid-line, an HTTP/2 `cookie:`): no sentence says them before a colon, and their value is the whole
 * credential (RFC 9110 §11.6.2, RFC 6265 §5.4).
 */
const ALWAYS_HEADER: ReadonlySet<string> = new Set(['authorization', 'cookie']);

/** Verdicts of names seen (a log repeats its few names on every line), bounded. */
const verdicts = new Map<string, NameVerdict>();
const MAX_VERDICTS = 1024;

function verdictOf(name: string): NameVerdict {
  const known = verdicts.get(name);
  if (known !== undefined) return known;
  const verdict = { secret: credentialNamed(name), oneWord: headerNameWords(name).length === 1 && !ALWAYS_HEADER.has(name.toLowerCase()) };
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(name, verdict);
  return verdict;
}

/**
 * Whether a one-word name (`Token`, `session`) stands as a header, not in a sentence ("could not
 * restore the session: …", "Invalid vault key: …") or before a logger's message (`auth: {…}`):
 * quoted (JSON, a printed object), its value quoted, capitalized as HTTP/1.1 writes it, or after
 * `curl -v`'s `> ` or `< ` (HTTP/2 writes names in lower case). A name of more words is a header's
 * wherever it stands.
 */
function standsAsHeader(text: string, at: number, name: string, separator: string): boolean {
  const before = text[at - 1];
  if (before === '"' || before === "'" || separator.includes('"') || separator.includes("'")) return true;
  const first = name.charCodeAt(0);
  if (first >= 65 && first <= 90) return true;
  const marker = text[at - 2];
  return text[at - 1] === ' ' && (marker === '>' || marker === '<') && (at === 2 || text[at - 3] === '\n');
}

const isNameChar = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95;
const isLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
const isBlankAt = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return code === 32 || code === 9;
};
const isLineEndAt = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return code === 10 || code === 13;
};
/** Whether a `:` follows `at`, past blanks: the quoted string before it is a member's name. */
const namesMember = (text: string, at: number): boolean => {
  let i = at;
  while (isBlankAt(text, i)) i++;
  return text[i] === ':';
};
const isQuote = (char: string | undefined): char is '"' | "'" => char === '"' || char === "'";
const isQuoteAt = (text: string, at: number): boolean => {
  const code = text.charCodeAt(at);
  return code === 34 || code === 39;
};

/** Where the header name (`Name:`, `"Name" :`, `\"Name\":`) before the `:` at `colon` ends: past blanks and a closing quote, escaped or not. */
function nameEnd(text: string, colon: number): number {
  let end = colon;
  while (end > 0 && isBlankAt(text, end - 1)) end--;
  if (!isQuoteAt(text, end - 1)) return end;
  return text.charCodeAt(end - 2) === 92 ? end - 2 : end - 1;
}

/** How far back a path is read for the form it stands in (a field path, a URL): bounded, so the scan stays linear. */
const MAX_PATH = 512;

/**
 * A dotted path in quotes after `field ` (`field "env.GITHUB_TOKEN"`), as config problems name a place;
 * its quotes escaped (`field \"env.GITHUB_TOKEN\"`) when the problem is printed inside a JSON string.
 */
function inQuotedField(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && at - i <= MAX_PATH && (isNameChar(text.charCodeAt(i)) || text.charCodeAt(i) === 46)) i--;
  if (text[i] !== '"') return false;
  const open = text.charCodeAt(i - 1) === 92 ? i - 1 : i;
  return text.slice(Math.max(0, open - 6), open) === 'field ';
}

/**
 * A server's name in quotes after `server ` (`server "auth": field "command": …`), as config problems
 * name the entry (formatIssue): the person's own label, so whether the problem's words are shown does
 * not hang on the name; its quotes escaped when printed inside a JSON string.
 */
function inQuotedServer(text: string, start: number): boolean {
  if (text[start - 1] !== '"') return false;
  const open = text.charCodeAt(start - 2) === 92 ? start - 2 : start - 1;
  return text.slice(Math.max(0, open - 7), open) === 'server ';
}

/** A path inside a URL (`scheme://host/…`): its own run of non-blank characters holds a `://`. */
function inUrl(text: string, at: number): boolean {
  for (let i = at - 1; i >= 2 && at - i <= MAX_PATH; i--) {
    const code = text.charCodeAt(i);
    if (code === 32 || code === 9 || code === 10 || code === 13) return false;
    if (code === 47 && text.charCodeAt(i - 1) === 47 && text.charCodeAt(i - 2) === 58) return true;
  }
  return false;
}

/**
 * Where the header name ending at `end` starts: a run of name characters that begins with a letter
 * and is neither a reference's (`${secret:…}`) nor the end of a quoted field path or a URL's path; -1 when there is none. Read back from each `:` and never
 * past the one before it, so the whole scan is linear in the text.
 */
function nameStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && end - start <= MAX_NAME && isNameChar(text.charCodeAt(start - 1))) start--;
  if (start === end || end - start > MAX_NAME || !isLetter(text.charCodeAt(start))) return -1;
  // Only where the product itself writes such a place before a colon: a config problem's quoted field
  // path (`field "env.GITHUB_TOKEN": expected string`) or server (`server "auth": …`) and the last step of a URL's path (`…/oauth-
  // authorization-server: issuer …`). Anything else dotted or slashed (`req.headers.x-api-key: v`,
  // `/run/secrets/db_password: v`, `{"app.secret": "v"}`) is a credential's like any name.
  if (start >= 1 && text.charCodeAt(start - 1) === 46 && inQuotedField(text, start)) return -1;
  if (inQuotedServer(text, start)) return -1;
  if (start >= 1 && text.charCodeAt(start - 1) === 47 && inUrl(text, start)) return -1;
  if (start >= 2 && text.charCodeAt(start - 1) === 123 && text.charCodeAt(start - 2) === 36) return -1;
  // A store's name in a reference (`${secret:secret-service:github/me}`): what follows is the path the person approves, never a value.
  return text.startsWith(STORE_REFERENCE_OPEN, start - STORE_REFERENCE_OPEN.length) ? -1 : start;
}

/** `text` with the value of every credential's header replaced by `replacement`; a value of references alone is kept. */
export function redactSecretHeaders(text: string, replacement: string): string {
  let out = '';
  let copied = 0;
  for (let colon = text.indexOf(':'); colon !== -1; colon = text.indexOf(':', colon + 1)) {
    const end = nameEnd(text, colon);
    const start = nameStart(text, end);
    if (start === -1) continue;
    const name = text.slice(start, end);
    const verdict = verdictOf(name);
    if (!verdict.secret) continue;
    let valueAt = colon + 1;
    while (isBlankAt(text, valueAt)) valueAt++;
    // A quoted member's value may start on the next line (hand-formatted JSON); a header's never does,
    // so only a quoted value there is taken, and never a member's quoted name (`"password":\n"next": 1`).
    const nextLine = isQuoteAt(text, end) && isLineEndAt(text, valueAt);
    if (nextLine) while (isLineEndAt(text, valueAt) || isBlankAt(text, valueAt)) valueAt++;
    const quote = text[valueAt];
    if (nextLine && !isQuote(quote)) continue;
    // A JSON array or object after the name (`"credentialFiles": [ … ]`) is a structure, never a header's value.
    if (quote === '[' || quote === '{') continue;
    const escaped = quote === '\\' && text[valueAt + 1] === '"';
    if (isQuote(quote)) valueAt++;
    else if (escaped) valueAt += 2;
    if (verdict.oneWord && !standsAsHeader(text, start, name, text.slice(end, valueAt))) continue;
    const pattern = escaped ? ESCAPED_VALUE : isQuote(quote) ? QUOTED_VALUE[quote] : HEADER_VALUE;
    pattern.lastIndex = valueAt;
    const value = pattern.exec(text)?.[1];
    if (value === undefined) continue;
    if (nextLine && namesMember(text, valueAt + value.length + 1)) continue;
    // A JSON member's literal (`"password": true`, VS Code's flag that an input is one) holds no secret (RFC 8259 §3).
    if (!isQuote(quote) && !escaped && isQuoteAt(text, end) && JSON_LITERAL.has(value.trim())) continue;
    colon = valueAt + value.length - 1;
    if (onlyReferences(value)) continue;
    out += text.slice(copied, valueAt) + replacement;
    copied = valueAt + value.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
