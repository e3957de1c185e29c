import { createHash } from 'node:crypto';
import { canonicalJson, type HttpServerConfig, type ServerConfig, type StdioServerConfig, isStdio } from '../../shared/config';

/**
 * Fields that never change what a stdio entry runs (they tune when and how it is used); every other
 * field counts, one added later too. `auth` enters on its own terms (commandFingerprint).
 */
export const NOT_RUN_FIELDS: ReadonlySet<string> = new Set(['type', 'description', 'enabled', 'timeoutMs', 'timeouts', 'startupTimeoutMs', 'idleTimeoutMs', 'roots', 'tools', 'auth', 'pinning']);
/** Counted by the release before this one, which asked again when they were tuned: read, never written. */
const FORMERLY_RUN_FIELDS = ['idleTimeoutMs', 'roots'] as const;

/** Whether the entry hands its program a credential of its own (an `auth` block other than `none`). */
export function carriesCredential(config: Pick<StdioServerConfig, 'auth' | 'credentialFile'>): boolean {
  return (config.auth !== undefined && config.auth.type !== 'none') || config.credentialFile !== undefined;
}

/**
 * Identifies what a stdio entry runs, for approvals: the command, its arguments, its folder and
 * every environment variable with its value as written (`${secret:…}` and `${env:…}` unresolved, so
 * a rotated secret is the same approval, another reference is not). Any environment value can
 * decide what runs (`PYTHONUSERBASE` pointing at an `evil.pth`), so none is left out.
 * Which credential the program is handed counts too: `credentialFile`, `${token…}`/`${secretFile:…}`
 * as written in env and args, and the `auth` block (issuer, client, scopes, key reference), so an
 * edit of mcp.json cannot hand an approved program another credential, or one it never had. The
 * `auth` block enters only when present, so approvals of entries without one stay as they were.
 */
export function commandFingerprint(config: StdioServerConfig): string {
  return fingerprintOf(config, NOT_RUN_FIELDS);
}

/**
 * The fingerprint the release before this one gave the entry, which counted `idleTimeoutMs` and
 * `roots`; undefined when the entry has neither (then it is the same as today's).
 */
export function formerCommandFingerprint(config: StdioServerConfig): string | undefined {
  if (!FORMERLY_RUN_FIELDS.some((field) => config[field] !== undefined)) return undefined;
  return fingerprintOf(config, new Set([...NOT_RUN_FIELDS].filter((field) => !(FORMERLY_RUN_FIELDS as readonly string[]).includes(field))));
}

function fingerprintOf(config: StdioServerConfig, notRun: ReadonlySet<string>): string {
  const material: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) if (!notRun.has(key)) material[key] = value;
  material['v'] = 2;
  material['args'] = config.args ?? [];
  material['env'] = config.env ?? {};
  if (config.auth !== undefined && config.auth.type !== 'none') material['auth'] = config.auth;
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

/** `${secret:…}`, `${env:…}`, `${token…}` or any other reference: resolved into the request before it is sent. */
const REFERENCE = /\$\{[^}]*\}/g;

/** The references written in one URL or header template, in order, each once. */
export function referencesIn(template: string): string[] {
  return [...new Set(template.match(REFERENCE) ?? [])];
}

/**
 * Fields of an HTTP entry no reference in which is ever resolved or sent: they tune when and how the
 * server is used, never where a credential goes. Every other field counts, one added later too.
 */
export const HTTP_UNSENT_FIELDS: ReadonlySet<string> = new Set(['type', 'description', 'enabled', 'timeoutMs', 'timeouts', 'startupTimeoutMs', 'idleTimeoutMs', 'tools', 'roots', 'pinning']);

/** Every string inside `value` (object values, array items), with its path. */
function stringsIn(value: unknown, path: string, out: { path: string; text: string }[]): void {
  if (typeof value === 'string') out.push({ path, text: value });
  else if (Array.isArray(value)) value.forEach((item, i) => stringsIn(item, `${path}[${i}]`, out));
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) stringsIn(inner, path === '' ? key : `${path}.${key}`, out);
  }
}

/** A reference written in the entry, and the field (`headers.Authorization`, `auth.clientSecret`) that carries it. */
export interface SentReference {
  field: string;
  references: string[];
}

/** Every field of an HTTP entry that carries a reference, in every block but the unsent ones. */
export function sentReferences(config: HttpServerConfig): SentReference[] {
  const strings: { path: string; text: string }[] = [];
  for (const [key, value] of Object.entries(config)) if (!HTTP_UNSENT_FIELDS.has(key)) stringsIn(value, key, strings);
  return strings.map(({ path, text }) => ({ field: path, references: referencesIn(text) })).filter((found) => found.references.length > 0);
}

/**
 * Whether an HTTP entry sends something secret: a reference in any field that is sent (the URL, a
 * header, the client secret its authorization server's token endpoint receives, …), or an API key
 * (its own `key` reference, or the vault's `<server>/apiKey`). Such an entry needs the person's
 * approval, because whoever can write mcp.json could otherwise send it to another host.
 */
export function sendsSecret(config: HttpServerConfig): boolean {
  return config.auth?.type === 'api_key' || sentReferences(config).length > 0;
}

/**
 * Identifies where an HTTP entry sends its secrets, for approvals: the URL and every header with
 * its template as written (names and templates, never resolved values), and every other block that
 * carries a reference or an API key, whole (the `auth` block: which client, which authorization
 * server, which secret). A changed URL, template or block is another approval; a rotated secret is
 * not. Blocks without a reference stay out, so approvals of entries that had none hold.
 */
export function httpFingerprint(config: HttpServerConfig): string {
  const material: Record<string, unknown> = { v: 'http-1', url: config.url, headers: config.headers ?? {} };
  const carrying = new Set(sentReferences(config).map(({ field }) => field.split(/[.[]/)[0]));
  for (const [key, value] of Object.entries(config)) {
    if (key === 'url' || key === 'headers' || HTTP_UNSENT_FIELDS.has(key)) continue;
    if (carrying.has(key) || (key === 'auth' && config.auth?.type === 'api_key')) material[key] = value;
  }
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

/**
 * Per entry object: every status of a server checks its approval (50 servers, a status at each
 * state change), and an entry is never changed in place (mcp.json's edits and reloads make new
 * objects, hashed afresh; docs/how-it-is-built.md). Weak, so a replaced entry takes its fingerprint.
 */
const approvalFingerprints = new WeakMap<ServerConfig, string>();

/** The fingerprint an approval of this entry stores: what it runs, or where it sends secrets. */
export function approvalFingerprint(config: ServerConfig): string {
  let fingerprint = approvalFingerprints.get(config);
  if (fingerprint === undefined) {
    fingerprint = isStdio(config) ? commandFingerprint(config) : httpFingerprint(config);
    approvalFingerprints.set(config, fingerprint);
  }
  return fingerprint;
}
