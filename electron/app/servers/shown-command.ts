import type { ServerStatus } from '../../../shared/api';
import { canonicalJson, findLiteralSecrets, urlSecretParts, type HttpServerConfig, type StdioServerConfig, isStdio, secretsInArguments } from '../../../shared/config';
import { REDACTED, redact } from '../../../shared/redact';
import { shellQuote, type Pool, type PoolEvents } from '../../pool';
import { sendsSecret, sentReferences, type Registry } from '../../registry';

const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Everything an approval covers (registry/fingerprint.ts), as a shell would read it: the folder,
 * every environment variable with its value as written (`${secret:…}` unresolved), the command and
 * its arguments. The person approves what this shows, so nothing that decides what runs is left out.
 */
export function approvalCommandLine(config: ShownEntry): string {
  if (!isStdio(config)) return secretDestinationLine(config);
  const line = commandPart(secretsHidden(config));
  // The approval covers the credential handed to the program too (fingerprint.ts), so it is shown.
  const credential: string[] = [];
  if (config.auth !== undefined && config.auth.type !== 'none') credential.push(`auth ${canonicalJson(config.auth)}`);
  if (config.credentialFile) credential.push(`credential file in $${config.credentialFile.env} (${config.credentialFile.format})`);
  // Approving is where the person decides this exposure (SECURITY.md, "Secrets in a command's arguments").
  const exposed = secretsInArguments({ ...config });
  if (exposed.length > 0) credential.push(`${exposed.join(' ')} in its arguments, which every account on this computer can read`);
  return credential.length === 0 ? line : `${line}  # ${credential.join(', ')}`;
}

type ShownEntry = Pick<StdioServerConfig, 'command' | 'args' | 'env' | 'cwd' | 'auth' | 'credentialFile'> | Pick<HttpServerConfig, 'url' | 'headers' | 'auth'>;

/** Where a reference in this field of an HTTP entry is sent, in words. */
function destination(config: Pick<HttpServerConfig, 'url' | 'auth'>, field: string): string {
  if (field === 'url') return 'in the URL';
  if (field.startsWith('headers.')) return `in header ${field.slice('headers.'.length)}`;
  const auth = config.auth;
  if (field === 'auth.key' && auth?.type === 'api_key') return `in header ${auth.header ?? 'Authorization'}`;
  if (field === 'auth.clientSecret' && auth !== undefined && auth.type !== 'api_key' && auth.type !== 'none') {
    const server = auth.authServerMetadataUrl ?? 'the authorization server its URL names';
    return `as the client secret of ${auth.clientId ?? 'its client'} to ${server}`;
  }
  return `in ${field}`;
}

/**
 * What an HTTP entry's approval covers (registry/fingerprint.ts `httpFingerprint`): the whole URL,
 * then each reference with where it goes, as written (never a value): a header, the URL, the client
 * secret sent to an authorization server. The person approves where the secrets go.
 */
function secretDestinationLine(config: Pick<HttpServerConfig, 'url' | 'headers' | 'auth'>): string {
  const found = sentReferences({ type: 'http', ...config }).sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
  // The URL first, then headers, then the rest (auth), each as the person would read it.
  const order = (field: string) => (field === 'url' ? 0 : field.startsWith('headers.') ? 1 : 2);
  found.sort((a, b) => order(a.field) - order(b.field));
  const sent = found.map(({ field, references }) => `${references.join(' ')} ${destination(config, field)}`);
  if (config.auth?.type === 'api_key' && config.auth.key === undefined) sent.push(`its API key in header ${config.auth.header ?? 'Authorization'}`);
  return sent.length === 0 ? urlShown(config.url) : `${urlShown(config.url)}  # sends ${sent.join(', ')}`;
}

/**
 * The entry with each secret written in clear (an env value, an argument, as `servers add` judges
 * them) as `[redacted]`, a flag's name kept: the line says where one is and never shows it, as the
 * redaction does for `API_TOKEN=…` (which knows no `--api-key sk-…` or `DB_PASS=…`).
 */
function secretsHidden<C extends Pick<StdioServerConfig, 'command' | 'args' | 'env' | 'cwd'>>(config: C): C {
  const found = findLiteralSecrets('', { command: config.command, ...(config.args ? { args: config.args } : {}), ...(config.env ? { env: config.env } : {}) });
  if (found.length === 0) return config;
  const env = { ...config.env };
  const args = [...(config.args ?? [])];
  for (const { field, value } of found) {
    const key = field.slice(field.indexOf('.') + 1);
    if (field.startsWith('env.')) env[key] = REDACTED;
    else args[Number(key)] = (args[Number(key)] ?? '').split(value).join(REDACTED);
  }
  return { ...config, env, args };
}

/** `[redacted]` and plain characters stand unquoted, as the redaction leaves them (`API_TOKEN=[redacted]`). */
const PLAIN_SHOWN = /^[A-Za-z0-9_@%+=:,./-]*$/;

function quoted(word: string): string {
  return word.includes(REDACTED) && PLAIN_SHOWN.test(word.split(REDACTED).join('')) ? word : shellQuote(word);
}

/** An address with what `servers add` calls a secret in it (a token in its path, a secret parameter) as `[redacted]`. */
function urlShown(url: string): string {
  let shown = url;
  for (const part of urlSecretParts(url).sort((a, b) => b.length - a.length)) shown = shown.split(part).join(REDACTED);
  return shown;
}

function commandPart(config: Pick<StdioServerConfig, 'command' | 'args' | 'env' | 'cwd'>): string {
  const env = Object.entries(config.env ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, value]) => `${PLAIN_NAME.test(name) ? name : shellQuote(name)}=${quoted(value)}`);
  const line = [...env, ...[config.command, ...(config.args ?? [])].map(quoted)].join(' ');
  return config.cwd === undefined ? line : `cd ${shellQuote(config.cwd)} && ${line}`;
}

/**
 * The pool as the App API shows it: each stdio server's command line (and each HTTP server's that
 * sends a secret: its URL and where the secrets go) is the whole entry its approval covers (the
 * pool's own line names only code-loading variables), secrets redacted, wherever a status leaves:
 * status, events, start, stop.
 */
export function withApprovalCommandLines(pool: Pool, registry: Pick<Registry, 'config'> & Partial<Pick<Registry, 'fromCode'>>): Pool {
  const show = (status: ServerStatus): ServerStatus => {
    const servers = registry.config().mcpServers;
    const config = Object.hasOwn(servers, status.name) ? servers[status.name] : undefined;
    if (!config) return status;
    const fromCode = registry.fromCode?.(status.name) === true ? { ...status, fromCode: true } : status;
    const marked = !isStdio(config) && fromCode.url !== undefined ? { ...fromCode, url: urlShown(fromCode.url) } : fromCode;
    // An HTTP entry shows a line only when it has one to approve: where its secrets go.
    if (!isStdio(config) && !sendsSecret(config)) return marked;
    const exposed = secretsInArguments(config);
    return { ...marked, commandLine: redact(approvalCommandLine(config)), ...(exposed.length > 0 ? { argumentSecrets: exposed } : {}) };
  };
  // One line per announcement, however many listen: a start announces every server, and each of the
  // app's listeners (events, logs, secret files, bridge, serve) would redact its line again.
  const shownOnce = new WeakMap<ServerStatus, ServerStatus>();
  const showOnce = (status: ServerStatus): ServerStatus => {
    let shown = shownOnce.get(status);
    if (shown === undefined) shownOnce.set(status, (shown = show(status)));
    return shown;
  };
  function on<E extends keyof PoolEvents>(event: E, listener: (payload: PoolEvents[E]) => void): () => void {
    if (event !== 'state') return pool.on(event, listener);
    const onState = listener as (payload: ServerStatus) => void;
    return pool.on('state', (status) => onState(showOnce(status)));
  }
  return {
    ...pool,
    status: (name) => show(pool.status(name)),
    statuses: () => pool.statuses().map(show),
    start: async (name, asked) => show(await pool.start(name, asked)),
    stop: async (name) => show(await pool.stop(name)),
    on,
  };
}
