import { isStdio, type ServerConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { sendableInHeader } from '../../net';
import { resolveReferences, type ReferenceResolvers } from '../../vault';
import { mendHint, unsendableReferences } from './unsendable-reference';

async function mapValues(record: Record<string, string> | undefined, resolvers: ReferenceResolvers): Promise<Record<string, string> | undefined> {
  if (!record) return undefined;
  const out: Record<string, string> = {};
  // Defined, not assigned: a `__proto__` header or variable stays a key.
  for (const [key, value] of Object.entries(record)) Object.defineProperty(out, key, { value: await resolveReferences(value, resolvers), enumerable: true, writable: true, configurable: true });
  return out;
}

/**
 * A NUL byte cannot be passed to a program (execve's strings end at it), and Node's refusal quotes the
 * value, a secret once resolved, where the redactor no longer knows it (`\0` becomes `\x00`): named here.
 */
async function refuseNul(config: { env?: Record<string, string> | undefined; args?: readonly string[] | undefined }, env: Record<string, string> | undefined, args: readonly string[] | undefined, resolvers: ReferenceResolvers): Promise<void> {
  const hasNul = (value: string) => value.includes('\0');
  const bad = [
    ...Object.entries(env ?? {}).map(([key, value]) => [`env.${key}`, value, config.env?.[key] ?? ''] as const),
    ...(args ?? []).map((value, index) => [`args[${index}]`, value, config.args?.[index] ?? ''] as const),
  ].find(([, value]) => hasNul(value));
  if (bad === undefined) return;
  const refs = await unsendableReferences(bad[2], resolvers, hasNul);
  throw new CodedError('invalid_config', `${bad[0]} cannot be passed to the program: the secret in it holds a NUL byte`, {
    hint: refs.length > 0 ? mendHint(refs, 'text without NUL bytes') : `${mendHint(refs, 'text without NUL bytes')}, or fix what its store gives`,
  });
}

/**
 * References in an HTTP entry's `url` (its path or query: `?api_key=${secret:K}`), each value
 * percent-encoded as a URL's component (RFC 3986 §2.1), so a `&`, `#` or `/` in a secret stays inside
 * its parameter. The address it goes to is the one written: references cannot stand in the origin
 * (the schema refuses them there), and the resolved URL must keep it.
 */
async function resolveUrl(written: string, resolvers: ReferenceResolvers): Promise<string> {
  const cannot = (why: string) => new CodedError('invalid_config', `its URL cannot be sent: ${why}`, { hint: mendHint([], 'plain text') });
  let url: string;
  try {
    url = await resolveReferences(written, resolvers, encodeURIComponent);
  } catch (error) {
    // encodeURIComponent's URIError (a lone surrogate) would quote nothing, but say what it is.
    if (error instanceof URIError) {
      const refs = await unsendableReferences(written, resolvers, (value) => /\p{Cs}/u.test(value));
      throw new CodedError('invalid_config', 'its URL cannot be sent: a secret in it is not valid text (a lone surrogate)', { hint: mendHint(refs, 'plain text') });
    }
    throw error;
  }
  if (url === written) return url;
  const origin = URL.parse(written.replace(/\$\{[^}]*\}/g, ''))?.origin;
  if (origin === undefined || URL.parse(url)?.origin !== origin) throw cannot('a reference in it would change where it goes');
  return url;
}

/**
 * `${secret:NAME}`, `${env:NAME}` (and `${secretFile:NAME}` for commands) in a server's env, args, headers and URL, resolved just before it is
 * spawned or connected, so each child receives only its own secrets and mcp.json never holds them.
 */
export async function resolveServerConfig(name: string, config: ServerConfig, resolvers: ReferenceResolvers): Promise<ServerConfig> {
  try {
    if (isStdio(config)) {
      const env = await mapValues(config.env, resolvers);
      const args = config.args ? await Promise.all(config.args.map((arg) => resolveReferences(arg, resolvers))) : undefined;
      await refuseNul(config, env, args, resolvers);
      return { ...config, ...(env ? { env } : {}), ...(args ? { args } : {}) };
    }
    // No program reads a file for an HTTP server: `${secretFile:…}` is refused there.
    const { secretFile: _files, ...httpResolvers } = resolvers;
    const headers = await mapValues(config.headers, httpResolvers);
    // fetch's refusal would quote the value, a secret once resolved: named here instead.
    for (const [header, value] of Object.entries(headers ?? {})) {
      if (!sendableInHeader(value)) {
        const refs = await unsendableReferences(config.headers?.[header] ?? '', httpResolvers, (part) => !sendableInHeader(part));
        throw new CodedError('invalid_config', `the "${header}" header cannot be sent: the secret in it holds a line break or a character outside Latin-1`, {
          hint: mendHint(refs, 'one line of text'),
        });
      }
    }
    const url = await resolveUrl(config.url, httpResolvers);
    return { ...config, url, ...(headers ? { headers } : {}) };
  } catch (error) {
    // A reference that cannot be resolved (invalid_config) or a store that cannot answer (auth_required: needs_auth).
    if (error instanceof CodedError && (error.code === 'invalid_config' || error.code === 'auth_required')) {
      throw new CodedError(error.code, `Server "${name}": ${error.message}`, {
        ...(error.hint !== undefined ? { hint: error.hint } : {}),
        data: { ...error.data, server: name },
      });
    }
    throw error;
  }
}
