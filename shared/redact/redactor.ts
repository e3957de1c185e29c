import { KnownMatcher, MATCH_WINDOW, type Stretch } from './known-matcher';
import { REDACTED } from './redacted-mark';
import { onlyReferences } from './reference-values';
import { SecretOrigins } from './secret-origins';
import { redactPrivateKeyBodies } from './private-key-blocks';
import { secretLinePieces } from './secret-pieces';
import { sourceLabel, type SecretSource } from './secret-source';
import { redactSecretAssignments } from './secret-assignments';
import { redactSecretHeaders } from './secret-headers';
import { secretVariants } from './secret-variants';
import { secretKeyNamed } from './secret-names';
import { mergeStretches, replaceStretches, type Replacement } from './stretch-replace';
import { cutAcrossStrings, cutAcrossTextItems } from './text-item-runs';
import { firstKnown } from './first-known';
import { WrappedMatcher } from './wrapped-matcher';

/** What replaces a secret in every string that leaves the core. */
export { REDACTED } from './redacted-mark';

export { SECRET_NAME } from './secret-names';

const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{4,}/gi;
// A URL's password (RFC 3986 §3.2.1 `scheme://user:password@host`, a database's DSN), found from
// its `://` (a scheme before it would be tried at every word) and bounded, so the scan stays linear.
// It runs to the authority's last `@`: §3.2.1 forbids a raw `@` in it, but people write one
// (`u:p@ss@host`) and the WHATWG URL parser (Node's) takes the last; up to the last, the password is
// hidden whichever `@` a client takes. The authority ends here at a `/`, a `?` (§3.2), white space, a
// quote, `<>` or a backquote (none raw in a URL, §2), so an address after the URL in the same text
// (`"redis://:pw@h","email":"a@b.c"`) is never reached. A password holding a quote or backquote
// (`it's`, JSON's `p\"w`) or a `?` is still taken, up to its first `@`, by the second branch: a quote
// there may not close a string (followed by `,` `:` `]` `}`). Its alternatives are disjoint: linear.
// The user may hold a raw `@` too (an e-mail address, `smtp://me@corp.com:pw@mail`): a `:` ends it,
// so `https://a@b.c:8443/x` holds no password.
const URL_PASSWORD = /(:\/\/[^\s/:"'<>\x60]{0,256}:)(?!\[redacted\])([^\s/?"'<>\x60]{1,512}|(?:[^\s/@<>"']|["'](?![,:\]}])){1,512})@/g;
/** A value of punctuation alone (`user:…@host` in prose) holds no secret. */
const HAS_ALNUM = /[A-Za-z0-9]/;
// Tokens whose shape says what they are, wherever they stand: GitHub's (`ghp_`, `github_pat_`),
// OpenAI's and Anthropic's (`sk-`; shorter after a prefix that says whose, `sk-proj-`), Slack's
// (`xoxb-`), GitLab's (`glpat-`), npm's (`npm_`), and a
// JSON Web Token (RFC 7519 §7.1: a JOSE header and claims, both JSON objects in base64url, so each
// part begins `eyJ`). An AWS access key id (`AKIA…`) names a key and is no secret (AWS says so); its
// secret key has no shape of its own, so only its name (`aws_secret_access_key=`) hides it.
const TOKEN_SHAPE = /\b(?:gh[pousr]_[A-Za-z0-9]{36,255}|github_pat_[A-Za-z0-9_]{22,255}|sk-(?:proj|ant|svcacct|admin)-[A-Za-z0-9_-]{12,255}|sk-[A-Za-z0-9_-]{32,255}|xox[abposre]-[A-Za-z0-9-]{10,255}|glpat-[A-Za-z0-9_-]{20,255}|[sr]k_(?:live|test)_[A-Za-z0-9]{16,255}|AIza[0-9A-Za-z_-]{35}|ya29\.[0-9A-Za-z_-]{20,2048}|npm_[A-Za-z0-9]{36}\b|eyJ[A-Za-z0-9_-]{8,4096}\.eyJ[A-Za-z0-9_-]{8,8192}\.[A-Za-z0-9_-]{0,4096})/g;

/** Whether `text` holds, anywhere in it, a token whose shape says what it is (`ghp_…`, `sk-…`, `xoxb-…`). */
export function holdsTokenShape(text: string): boolean {
  // `search` ignores the global pattern's lastIndex.
  return text.search(TOKEN_SHAPE) !== -1;
}

/** Secrets shorter than this are not matched verbatim: too likely to hit ordinary words. */
const MIN_KNOWN_SECRET = MATCH_WINDOW;
/** Short strings (server and tool names, each audited call has two) are remembered redacted: seven passes cost ~4 µs each time. */
const MEMO_MAX_LENGTH = 128;
const MEMO_MAX_ENTRIES = 1024;
/** How deep `removeKnown` walks a result (the bridge's own input bound is 128 levels). */
const MAX_WALK_DEPTH = 256;

export class Redactor {
  /** Each known secret with its encoded and case forms (secretVariants), computed when added. */
  readonly #known = new Map<string, readonly string[]>();
  #matcher: KnownMatcher | null = null;
  /** The same forms, found wrapped across lines: built with `#matcher`, dropped with it. */
  #wrapped: WrappedMatcher | null = null;
  /** Redacted short strings for the current set of known secrets: emptied whenever that set changes. */
  readonly #memo = new Map<string, string>();

  /** The value each known form is a form of (the first added, for a form two values share). */
  readonly #valueOf = new Map<string, string>();
  /** Where each value came from, where whoever added it said (`nameKnown`, `knownIn`). */
  readonly #origins = new SecretOrigins();

  /**
   * Values known to be secret (vault entries, env secrets) are removed wherever they appear, in any
   * of their forms, and never forgotten while the process runs (a rotated value may still be in a
   * running server's environment or a token valid until it expires). `source` says where it came
   * from; `parts`: strings of it that text may hold alone (a token record's access_token), given
   * with it as one hand-out of that source, so what it handed out before is its former values.
   */
  addSecret(value: string, source?: SecretSource, parts: readonly string[] = []): void {
    const added: string[] = [];
    for (const whole of [value, ...parts]) for (const piece of [whole, ...secretLinePieces(whole)]) if (this.#addOne(piece)) added.push(piece);
    if (source !== undefined && added.length > 0) this.#origins.handOut(source, added);
  }

  /** Whether the value is known (long enough to be). */
  #addOne(value: string): boolean {
    if (value.length < MIN_KNOWN_SECRET) return false;
    if (this.#known.has(value)) return true;
    const forms = secretVariants(value);
    this.#known.set(value, forms);
    for (const form of forms) if (!this.#valueOf.has(form)) this.#valueOf.set(form, value);
    this.#matcher = null;
    this.#wrapped = null;
    this.#memo.clear();
    return true;
  }

  /**
   * `source` holds no value now (a vault entry deleted, a sign-in removed): what it handed out stays
   * known, as a rotated value does, and is a former value of it from now on.
   */
  retireSource(source: SecretSource): void {
    this.#origins.retire(source);
  }

  removeSecret(value: string): void {
    for (const piece of [value, ...secretLinePieces(value)]) this.#removeOne(piece);
  }

  #removeOne(value: string): void {
    const forms = this.#known.get(value);
    if (!forms || !this.#known.delete(value)) return;
    for (const form of forms) if (this.#valueOf.get(form) === value) this.#valueOf.delete(form);
    this.#origins.forget(value);
    this.#matcher = null;
    this.#wrapped = null;
    this.#memo.clear();
  }

  /** Where the known form `found` came from, if whoever added it said. */
  #originOf(found: string): { source: SecretSource; former: boolean } | undefined {
    const value = this.#valueOf.get(found);
    return value === undefined ? undefined : this.#origins.of(value);
  }

  redact(text: string): string {
    if (text.length > MEMO_MAX_LENGTH) return this.#redact(text);
    const known = this.#memo.get(text);
    if (known !== undefined) return known;
    const clean = this.#redact(text);
    if (this.#memo.size >= MEMO_MAX_ENTRIES) this.#memo.clear();
    this.#memo.set(text, clean);
    return clean;
  }

  /** The matchers of the known forms, built when first needed after the set changed. */
  #matchers(): { matcher: KnownMatcher; wrapped: WrappedMatcher } {
    if (this.#matcher === null || this.#wrapped === null) {
      const forms = new Set([...this.#known.values()].flat());
      this.#matcher = new KnownMatcher(forms);
      this.#wrapped = new WrappedMatcher(forms);
    }
    return { matcher: this.#matcher, wrapped: this.#wrapped };
  }

  /** `text` with each known form replaced, whole or wrapped across lines. */
  #replaceKnown(text: string, replacement: Replacement): string {
    // Found in one pass over the text as given: a shorter value replaced first would hide a longer wrapped one around it.
    return replaceStretches(text, this.#findKnown(text), replacement);
  }

  /** Where known forms stand in `text`, whole or wrapped across lines. */
  #findKnown(text: string): Stretch[] {
    const { matcher, wrapped } = this.#matchers();
    return mergeStretches(matcher.stretches(text), wrapped.stretches(text));
  }

  #redact(text: string): string {
    const fielded = redactSecretHeaders(this.#replaceKnown(text, REDACTED).replace(BEARER, `$1 ${REDACTED}`), REDACTED)
      .replace(URL_PASSWORD, (whole, start: string, value: string) => (onlyReferences(value) || !HAS_ALNUM.test(value) ? whole : `${start}${REDACTED}@`));
    return redactPrivateKeyBodies(redactSecretAssignments(fielded, REDACTED).replace(TOKEN_SHAPE, REDACTED), REDACTED);
  }

  /**
   * Removes the known secrets (in all their forms) from every string inside a JSON-like value, and
   * nothing else: what an agent is handed as a result. The patterns and secret-named keys are left
   * out, because there they would be the tool's own data (a `nextPageToken`, "Bearer" in a page of
   * documentation), while a value from the vault never is. Returns the value itself when no string
   * held one, so a clean result is neither walked twice nor copied.
   */
  removeKnown<T>(value: T): T {
    if (this.#known.size === 0) return value;
    return this.#walkKnown(value, REDACTED, 0) as T;
  }

  /**
   * Like `removeKnown`, but each known secret is replaced by which secret it is (`[secret
   * GITHUB_TOKEN]`, `[redacted]` for one nobody named): what a person consenting to a call is shown,
   * which must be the call as it will be sent, with only the values we hold hidden.
   */
  nameKnown<T>(value: T): T {
    if (this.#known.size === 0) return value;
    const name = (found: string): string => {
      const origin = this.#originOf(found);
      return origin === undefined ? REDACTED : `[secret ${sourceLabel(origin.source)}]`;
    };
    return this.#walkKnown(value, name, 0) as T;
  }

  /**
   * Whether a string inside `value` (a leaf or a key, or adjacent text items or strings of an array
   * read as one) holds a known secret, in any form redaction removes (the same matcher, the same
   * shortest length): where it came from (where whoever added it said) and whether that source has
   * changed since (a former value), or undefined. The bridge asks this of an agent's arguments
   * (call-gate.ts). Walked to the depth `removeKnown` walks; the first secret found ends the walk.
   */
  knownIn(value: unknown): { source: SecretSource | undefined; former: boolean } | undefined {
    if (this.#known.size === 0) return undefined;
    const found = firstKnown(value, (text) => this.#firstIn(text), MAX_WALK_DEPTH);
    if (found === undefined) return undefined;
    const origin = this.#originOf(found);
    return origin === undefined ? { source: undefined, former: false } : origin;
  }

  /** The first known form in `text`, whole or wrapped across lines. */
  #firstIn(text: string): string | undefined {
    const { matcher, wrapped } = this.#matchers();
    return matcher.first(text) ?? wrapped.stretches(text)[0]?.found;
  }

  #walkKnown(value: unknown, replacement: Replacement, depth: number): unknown {
    if (typeof value === 'string') return this.#replaceKnown(value, replacement);
    if (value === null || typeof value !== 'object') return value;
    // Not walked, so not passed on: no tool answers this deep but one built to hide something there.
    if (depth > MAX_WALK_DEPTH) return REDACTED;
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      const items = this.#cutAcrossItems(value, replacement);
      for (let i = 0; i < value.length; i++) {
        const clean = this.#walkKnown(items[i], replacement, depth + 1);
        if (clean !== value[i]) (out ??= value.slice())[i] = clean;
      }
      return out ?? value;
    }
    const entries = Object.entries(value);
    let changed: [string, unknown][] | undefined;
    for (let i = 0; i < entries.length; i++) {
      const [key, item] = entries[i] as [string, unknown];
      const clean = this.#walkKnown(item, replacement, depth + 1);
      // A key is a string the agent reads as well: `{"<secret>": 1}` would hand it over.
      const cleanKey = this.#replaceKnown(key, replacement);
      if (clean === item && cleanKey === key) continue;
      (changed ??= entries.slice())[i] = [cleanKey, clean];
    }
    return changed === undefined ? value : objectOf(entries, changed);
  }

  /**
   * `items` with a known value split across adjacent text items (read whole by an agent that joins
   * them) or adjacent plain strings (which a tool may join) replaced in each piece, as `knownIn`
   * finds it there; the same array when none is.
   */
  #cutAcrossItems(items: readonly unknown[], replacement: Replacement): readonly unknown[] {
    if (this.#known.size === 0) return items;
    const find = (text: string): Stretch[] => this.#findKnown(text);
    return cutAcrossStrings(cutAcrossTextItems(items, find, replacement), find, replacement);
  }

  /**
   * Redacts every string inside a JSON-like value, and the values of secret-named keys; a known value
   * split across adjacent strings or text items of an array, in each of its pieces.
   */
  redactValue<T>(value: T): T {
    return this.#walk(value, undefined) as T;
  }

  #walk(value: unknown, key: string | undefined): unknown {
    if (typeof value === 'string') {
      if (key !== undefined && secretKeyNamed(key) && value.length > 0 && !onlyReferences(value)) return REDACTED;
      return this.redact(value);
    }
    if (Array.isArray(value)) return this.#cutAcrossItems(value, REDACTED).map((item) => this.#walk(item, undefined));
    if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      return objectOf(entries, entries.map(([k, v]): [string, unknown] => [this.redact(k), this.#walk(v, k)]));
    }
    return value;
  }
}

/**
 * The object of `cleaned` (an entry per entry of `original`, in order). A key that redaction changed
 * keeps its place and, should it now equal another key, takes a number (`[redacted] 2`) so no value
 * is lost; keys left as they were keep their names.
 */
function objectOf(original: readonly [string, unknown][], cleaned: readonly [string, unknown][]): Record<string, unknown> {
  const kept = new Set<string>();
  for (let i = 0; i < original.length; i++) if (original[i]?.[0] === cleaned[i]?.[0]) kept.add(original[i]?.[0] ?? '');
  const out: Record<string, unknown> = {};
  for (let i = 0; i < cleaned.length; i++) {
    const [key, item] = cleaned[i] as [string, unknown];
    let name = key;
    if (original[i]?.[0] !== key) for (let n = 2; kept.has(name) || Object.hasOwn(out, name); n++) name = `${key} ${n}`;
    // Defined, not assigned: a `__proto__` key of parsed JSON is an own property, kept as one.
    Object.defineProperty(out, name, { value: item, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The process-wide redactor: every log, error, status field and UI string goes through it. */
export const redactor = new Redactor();

export function redact(text: string): string {
  return redactor.redact(text);
}
