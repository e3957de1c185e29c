import { isStdio, type ServerConfig } from '../../shared/config';
import { SECRET_NAME } from '../../shared/redact';
import { secretHeaderNamed } from '../../shared/text';
import { querySecrets, withQueryReference } from './url-query-secrets';
import { looksLikeToken, secretArguments, secretInQuery, secretInUrlPath, secretNamed, tokenShaped, urlWithPassword } from './secret-shapes';

/** Stores a secret under a name like `preferred` and resolves the name actually used. */
export type SecretSink = (preferred: string, value: string) => Promise<string>;

export interface FoundSecret {
  /** `env.GITHUB_TOKEN`, `headers.Authorization`, `args.3` (the fourth argument). */
  field: string;
  preferredName: string;
  value: string;
  /** The text to write instead, given the stored secret's name. */
  replacement: (name: string) => string;
}

const SCHEME = /^(Bearer|Basic|Token|Bot)\s+(\S.*)$/i;

function isLiteral(value: string): boolean {
  // References (ours or another client's `${VAR}`) are not secrets in clear.
  return value.trim() !== '' && !value.includes('${');
}

function secretName(server: string, field: string): string {
  return `${server}_${field}`.toUpperCase().replace(/[^A-Z0-9_.-]+/g, '_').slice(0, 128);
}

/** A value that names a file (`~/…`, `./…`, `/…`): a path is no secret, the file's content may be (import-credential-files.ts). */
function pathLike(value: string): boolean {
  return /^(?:~|\.{1,2})?\//.test(value) && !tokenShaped(value);
}

/** An env value in clear, as `servers add` judges one: a URL with a password or a secret parameter, a token's shape, or a credential's name. */
function secretEnv(name: string, value: string): boolean {
  if (urlWithPassword(value) || secretInQuery(value) !== undefined || looksLikeToken(value) || tokenShaped(value)) return true;
  return (SECRET_NAME.test(name) || secretNamed(name)) && !pathLike(value);
}

/** The argument's value after `--flag=`, or all of it. */
function argumentSecret(arg: string, flag: string | undefined): { value: string; prefix: string } {
  return flag !== undefined && arg.startsWith(`${flag}=`) ? { value: arg.slice(flag.length + 1), prefix: `${flag}=` } : { value: arg, prefix: '' };
}

/**
 * The literal secrets of an imported entry, judged as `servers add` judges them: env values (a
 * credential's name, a token's shape, a URL with a password), command arguments (a secret-named
 * flag's value, a token's shape) and auth headers.
 */
export function findLiteralSecrets(server: string, config: ServerConfig): FoundSecret[] {
  const found: FoundSecret[] = [];
  if (isStdio(config)) {
    for (const [name, value] of Object.entries(config.env ?? {})) {
      if (!isLiteral(value) || !secretEnv(name, value)) continue;
      found.push({ field: `env.${name}`, preferredName: secretName(server, name), value, replacement: (ref) => `\${secret:${ref}}` });
    }
    const args = config.args ?? [];
    for (const { index, flag } of secretArguments(args)) {
      const arg = args[index] ?? '';
      const { value, prefix } = argumentSecret(arg, flag);
      if (!isLiteral(value)) continue;
      const label = flag?.replace(/^-+/, '') ?? `ARG${index + 1}`;
      found.push({ field: `args.${index}`, preferredName: secretName(server, label), value, replacement: (ref) => `${prefix}\${secret:${ref}}` });
    }
  } else {
    for (const [name, value] of Object.entries(config.headers ?? {})) {
      if (!isLiteral(value) || !(secretHeaderNamed(name) || looksLikeToken(value))) continue;
      const scheme = SCHEME.exec(value);
      const secret = scheme?.[2] ?? value;
      const prefix = scheme?.[1] ? `${scheme[1]} ` : '';
      found.push({ field: `headers.${name}`, preferredName: secretName(server, name), value: secret, replacement: (ref) => `${prefix}\${secret:${ref}}` });
    }
    // A URL's query may hold references (filled in at connect, percent-encoded): its secrets move too.
    for (const { name, value } of querySecrets(config.url)) {
      found.push({ field: `url.${name}`, preferredName: secretName(server, name), value, replacement: (ref) => `\${secret:${ref}}` });
    }
  }
  return found;
}

/**
 * Why an HTTP entry's URL holds a secret in clear (a password, a secret parameter, a token in its
 * path), or undefined: what is left once its query's secrets moved, which a person moves by hand.
 */
export function secretInUrl(config: ServerConfig): string | undefined {
  if (isStdio(config)) return undefined;
  const { url } = config;
  if (urlWithPassword(url)) return 'its password';
  const param = secretInQuery(url);
  if (param !== undefined) return `its parameter ${param}`;
  return secretInUrlPath(url) ? 'a token in its path' : undefined;
}

/** Moves each literal secret into the vault and returns the entry with references in their place. */
export async function moveSecrets(
  server: string,
  config: ServerConfig,
  sink: SecretSink,
  /** Fields to leave alone (`env.X` naming a credential file: its path is no secret, its content is). */
  keep: ReadonlySet<string> = new Set(),
): Promise<{ config: ServerConfig; moved: { server: string; field: string; secret: string }[] }> {
  const found = findLiteralSecrets(server, config).filter((secret) => !keep.has(secret.field));
  if (found.length === 0) return { config, moved: [] };
  const next = structuredClone(config);
  const moved: { server: string; field: string; secret: string }[] = [];
  for (const secret of found) {
    const name = await sink(secret.preferredName, secret.value);
    const [section, key] = [secret.field.slice(0, secret.field.indexOf('.')), secret.field.slice(secret.field.indexOf('.') + 1)];
    if (section === 'args' && isStdio(next) && next.args) next.args[Number(key)] = secret.replacement(name);
    const target = section === 'env' && isStdio(next) ? next.env : section === 'headers' && !isStdio(next) ? next.headers : undefined;
    if (target) target[key] = secret.replacement(name);
    if (section === 'url' && !isStdio(next)) next.url = withQueryReference(next.url, key, secret.value, secret.replacement(name));
    moved.push({ server, field: secret.field, secret: name });
  }
  return { config: next, moved };
}
