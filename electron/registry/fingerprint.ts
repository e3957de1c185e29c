import { createHash } from 'node:crypto';
import { canonicalJson, type HttpServerConfig, type ServerConfig, type StdioServerConfig } from '../../shared/config';

/** Fields that never change what a stdio entry runs; every other field counts, one added later too. */
const NOT_RUN_FIELDS: ReadonlySet<string> = new Set(['type', 'description', 'enabled', 'timeoutMs', 'startupTimeoutMs', 'tools', 'auth']);

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
  const material: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(config)) if (!NOT_RUN_FIELDS.has(key)) material[key] = value;
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
 * Whether an HTTP entry sends something secret to its URL: a reference in the URL or a header, or an
 * API key (its own `key` reference, or the vault's `<server>/apiKey`). Such an entry needs the
 * person's approval, because whoever can write mcp.json could otherwise point it at another host.
 */
export function sendsSecret(config: HttpServerConfig): boolean {
  if (referencesIn(config.url).length > 0 || config.auth?.type === 'api_key') return true;
  return Object.values(config.headers ?? {}).some((value) => referencesIn(value).length > 0);
}

/**
 * Identifies where an HTTP entry sends its secrets, for approvals: the URL and every header with
 * its template as written (names and templates, never resolved values), and an API-key block (which
 * header, which key). A changed URL or template is another approval; a rotated secret is not.
 */
export function httpFingerprint(config: HttpServerConfig): string {
  const material: Record<string, unknown> = { v: 'http-1', url: config.url, headers: config.headers ?? {} };
  if (config.auth?.type === 'api_key') material['auth'] = config.auth;
  return createHash('sha256').update(canonicalJson(material)).digest('hex');
}

/** The fingerprint an approval of this entry stores: what it runs, or where it sends secrets. */
export function approvalFingerprint(config: ServerConfig): string {
  return 'command' in config ? commandFingerprint(config) : httpFingerprint(config);
}
