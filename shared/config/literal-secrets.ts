import { SECRET_NAME } from '../redact';
import { secretHeaderNamed } from '../text';
import { querySecrets } from './url-query-secrets';
import { isStdio, type ServerConfig } from './schema';
import { argumentValue, secretArguments } from './credential-flags';
import { secretInside } from './embedded-secret';
import { looksLikeToken, secretInQuery, secretInUrlPath, secretNamed, secretParameters, secretPathSegments, tokenShaped, urlWithPassword } from './secret-shapes';

/*
 * The secrets an entry holds in clear, as `servers add`, `import` and the edit screen judge them
 * (SECURITY.md, "nothing is written in clear"): one detector, so each says the same of an entry.
 */

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

/**
 * The vault name offered for a value in clear: SERVER_FIELD in upper case, but the field alone when
 * it already begins with the server's name (`github`'s GITHUB_TOKEN is GITHUB_TOKEN, not GITHUB_GITHUB_TOKEN).
 */
export function secretNameFor(server: string, field: string): string {
  const upper = (text: string): string => text.toUpperCase().replace(/[^A-Z0-9_.-]+/g, '_');
  const prefix = upper(server);
  const own = upper(field);
  const named = own === prefix || own.startsWith(`${prefix}_`) ? own : `${prefix}_${own}`;
  return named.slice(0, 128);
}

/** A value that names a file (`~/…`, `./…`, `/…`): a path is no secret, the file's content may be (import-credential-files.ts). */
function pathLike(value: string): boolean {
  return /^(?:~|\.{1,2})?\//.test(value) && !tokenShaped(value);
}

/** An env value in clear, as `servers add` judges one: a URL with a password or a secret parameter, a token's shape, or a credential's name. */
export function secretEnv(name: string, value: string): boolean {
  if (urlWithPassword(value) || secretInQuery(value) !== undefined || looksLikeToken(value) || tokenShaped(value) || secretInside(value)) return true;
  return (SECRET_NAME.test(name) || secretNamed(name)) && !pathLike(value);
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
      found.push({ field: `env.${name}`, preferredName: secretNameFor(server, name), value, replacement: (ref) => `\${secret:${ref}}` });
    }
    const args = config.args ?? [];
    for (const { index, flag } of secretArguments(args)) {
      const arg = args[index] ?? '';
      const { value, prefix } = argumentValue(arg, flag);
      if (!isLiteral(value)) continue;
      const label = flag?.replace(/^-+/, '') ?? `ARG${index + 1}`;
      found.push({ field: `args.${index}`, preferredName: secretNameFor(server, label), value, replacement: (ref) => `${prefix}\${secret:${ref}}` });
    }
  } else {
    for (const [name, value] of Object.entries(config.headers ?? {})) {
      if (!isLiteral(value) || !(secretHeaderNamed(name) || looksLikeToken(value) || secretInside(value))) continue;
      const scheme = SCHEME.exec(value);
      const secret = scheme?.[2] ?? value;
      const prefix = scheme?.[1] ? `${scheme[1]} ` : '';
      found.push({ field: `headers.${name}`, preferredName: secretNameFor(server, name), value: secret, replacement: (ref) => `${prefix}\${secret:${ref}}` });
    }
    // A URL's query may hold references (filled in at connect, percent-encoded): its secrets move too.
    for (const { name, value } of querySecrets(config.url)) {
      found.push({ field: `url.${name}`, preferredName: secretNameFor(server, name), value, replacement: (ref) => `\${secret:${ref}}` });
    }
  }
  return found;
}

/**
 * Why an HTTP entry's URL holds a secret in clear (a password, a secret parameter, a token in its
 * path), or undefined. A URL is sent as written and holds no references, so it cannot be moved.
 */
export function secretInUrl(config: ServerConfig): string | undefined {
  if (isStdio(config)) return undefined;
  const { url } = config;
  if (urlWithPassword(url)) return 'its password';
  const param = secretInQuery(url);
  if (param !== undefined) return `its parameter ${param}`;
  return secretInUrlPath(url) ? 'a token in its path' : undefined;
}

/**
 * The text of a URL that `secretInUrl` calls a secret: its password, each secret parameter's value
 * and each token-shaped path segment, as decoded and as a URL writes them, so a screen hides them
 * and shows the rest of the address.
 */
export function urlSecretParts(raw: string): string[] {
  if (!URL.canParse(raw)) return [];
  const url = new URL(raw);
  const parts = new Set<string>();
  const add = (text: string) => {
    if (text === '') return;
    parts.add(text);
    parts.add(encodeURIComponent(text));
  };
  if (url.password !== '') {
    parts.add(url.password);
    add(decodeSafe(url.password));
  }
  for (const [, value] of secretParameters(raw)) add(value);
  for (const segment of secretPathSegments(raw)) add(segment);
  return [...parts];
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
