import { headerNameWords } from '../text';
import { REDACTED_SOURCE } from './redacted-mark';
import { REFERENCE, onlyReferences } from './reference-values';
import { credentialNamed } from './secret-names';

/*
 * A credential's `name=value` in text (`GITHUB_TOKEN=…` in an env dump, `--api-key=…`, `?access_token=…`,
 * `x-goog-api-key=…`, `X-Amz-Signature=…` in a presigned URL), its name judged by the rule that judges
 * a header's and a JSON member's (credentialNamed), so a list of names cannot miss one a header's would catch.
 */

/** A name's longest (read back from each `=` at most this far, so the scan stays linear). */
const MAX_NAME = 128;

/**
 * Names a query string gives a credential that are no header's: the authorization code (RFC 6749
 * §4.1.2), a presigned URL's signature (`sig`, `signature`, `X-Amz-Signature`), which grant access,
 * and a password's shortest name (`?pw=`), which `servers add` refuses in a URL too.
 */
const QUERY_WHOLE_NAMES: ReadonlySet<string> = new Set(['code', 'sig', 'pw']);
const QUERY_LAST_WORDS: ReadonlySet<string> = new Set(['sig', 'signature']);

// After `?`, `&` or `#` a value is a query's and ends at `#`, `<>` and a backquote as well (RFC 3986 §2 allows none); an env's or an argument's runs
// to white space, a quote or a closing bracket. A quoted one runs to its closing quote on its line.
// A known secret already replaced inside the value is part of it: its `]` ends nothing, so the rest of the value goes too.
// A backslash before a quote escapes that quote (the value is inside a JSON or shell string): it stays, as the quote does.
const PLAIN_VALUE = new RegExp(String.raw`((?:${REFERENCE}|${REDACTED_SOURCE}|\\(?!["'])|[^\s"'&)\]},;\\])+)`, 'y');
const QUERY_VALUE = new RegExp(String.raw`((?:${REFERENCE}|${REDACTED_SOURCE}|\\(?!["'])|[^&#\s"'<>)\]},;\x60\\])+)`, 'y');
const QUOTED_VALUE = {
  '"': new RegExp(String.raw`((?:${REFERENCE}|[^"\\\r\n]|\\[^\r\n])+)"`, 'y'),
  "'": new RegExp(String.raw`((?:${REFERENCE}|[^'\\\r\n]|\\[^\r\n])+)'`, 'y'),
} as const;

const verdicts = new Map<string, boolean>();
const MAX_VERDICTS = 1024;

/** Whether `name=` assigns a credential. */
export function secretAssignmentNamed(name: string): boolean {
  const known = verdicts.get(name);
  if (known !== undefined) return known;
  const words = headerNameWords(name);
  const last = words.at(-1) ?? '';
  // `MONKEY=` is hidden too, which no rule of letters tells from `STRIPEKEY=` (credentialNamed).
  const secret = credentialNamed(name) || QUERY_LAST_WORDS.has(last) || (words.length === 1 && QUERY_WHOLE_NAMES.has(last));
  if (verdicts.size >= MAX_VERDICTS) verdicts.clear();
  verdicts.set(name, secret);
  return secret;
}

const isNameChar = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 45 || code === 95;
const isLetter = (code: number): boolean => (code >= 97 && code <= 122) || (code >= 65 && code <= 90);

/** Where the name ending at `end` starts (its first letter, past `--` or `_`), or -1. */
function nameStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && end - start <= MAX_NAME && isNameChar(text.charCodeAt(start - 1))) start--;
  if (end - start > MAX_NAME) return -1;
  while (start < end && !isLetter(text.charCodeAt(start))) start++;
  if (start === end) return -1;
  // `${secret:NAME}` or `${env:NAME}`: a reference's name, never an assignment's.
  return text.charCodeAt(start - 1) === 58 ? -1 : start;
}

/** `text` with the value of every credential's `name=value` replaced by `replacement`; a value of references alone is kept. */
export function redactSecretAssignments(text: string, replacement: string): string {
  let out = '';
  let copied = 0;
  for (let equals = text.indexOf('='); equals !== -1; equals = text.indexOf('=', equals + 1)) {
    const start = nameStart(text, equals);
    if (start === -1 || !secretAssignmentNamed(text.slice(start, equals))) continue;
    const quote = text[equals + 1];
    const quoted = quote === '"' || quote === "'";
    const valueAt = quoted ? equals + 2 : equals + 1;
    const before = text[start - 1];
    const pattern = quoted ? QUOTED_VALUE[quote] : before === '?' || before === '&' || before === '#' ? QUERY_VALUE : PLAIN_VALUE;
    pattern.lastIndex = valueAt;
    const value = pattern.exec(text)?.[1];
    if (value === undefined) continue;
    equals = valueAt + value.length - 1;
    // A value of punctuation alone (`token=…`, `--password=` quoted in prose) holds no secret.
    if (value === replacement || onlyReferences(value) || !/[A-Za-z0-9]/.test(value)) continue;
    out += text.slice(copied, valueAt) + replacement;
    copied = valueAt + value.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
