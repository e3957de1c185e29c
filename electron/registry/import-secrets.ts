import { isStdio, type ServerConfig } from '../../shared/config';
import { SECRET_NAME } from '../../shared/redact';

/** Stores a secret under a name like `preferred` and resolves the name actually used. */
export type SecretSink = (preferred: string, value: string) => Promise<string>;

export interface FoundSecret {
  /** `env.GITHUB_TOKEN`, `headers.Authorization`. */
  field: string;
  preferredName: string;
  value: string;
  /** The text to write instead, given the stored secret's name. */
  replacement: (name: string) => string;
}

const TOKEN_PREFIX = /^(sk-|sk_|pk_live_|rk_live_|ghp_|gho_|ghs_|github_pat_|xox[abpr]-|glpat-|AKIA|AIza|ya29\.|eyJ[A-Za-z0-9_-]{8,}\.)/;
const SECRET_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|cookie)$|token|secret|key|auth/i;
const SCHEME = /^(Bearer|Basic|Token|Bot)\s+(\S.*)$/i;

/** A known token's prefix (`ghp_`, `sk-`, `xoxb-`, `AKIA`, a JWT's header). */
export function hasTokenPrefix(value: string): boolean {
  return TOKEN_PREFIX.test(value);
}

/** High-entropy-looking values: long, mixed letters and digits, no spaces, not a path or URL. */
export function looksLikeToken(value: string): boolean {
  if (TOKEN_PREFIX.test(value)) return true;
  return value.length >= 24 && /[A-Za-z]/.test(value) && /\d/.test(value) && !/[\s/\\:]/.test(value);
}

function isLiteral(value: string): boolean {
  // References (ours or another client's `${VAR}`) are not secrets in clear.
  return value.trim() !== '' && !value.includes('${');
}

function secretName(server: string, field: string): string {
  return `${server}_${field}`.toUpperCase().replace(/[^A-Z0-9_.-]+/g, '_').slice(0, 128);
}

/** The literal secrets of an imported entry: secret-named or token-like env values and auth headers. */
export function findLiteralSecrets(server: string, config: ServerConfig): FoundSecret[] {
  const found: FoundSecret[] = [];
  if (isStdio(config)) {
    for (const [name, value] of Object.entries(config.env ?? {})) {
      if (!isLiteral(value) || !(SECRET_NAME.test(name) || looksLikeToken(value))) continue;
      found.push({ field: `env.${name}`, preferredName: secretName(server, name), value, replacement: (ref) => `\${secret:${ref}}` });
    }
  } else {
    for (const [name, value] of Object.entries(config.headers ?? {})) {
      if (!isLiteral(value) || !(SECRET_HEADER.test(name) || looksLikeToken(value))) continue;
      const scheme = SCHEME.exec(value);
      const secret = scheme?.[2] ?? value;
      const prefix = scheme?.[1] ? `${scheme[1]} ` : '';
      found.push({ field: `headers.${name}`, preferredName: secretName(server, name), value: secret, replacement: (ref) => `${prefix}\${secret:${ref}}` });
    }
  }
  return found;
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
    const target = section === 'env' && isStdio(next) ? next.env : !isStdio(next) ? next.headers : undefined;
    if (target) target[key] = secret.replacement(name);
    moved.push({ server, field: secret.field, secret: name });
  }
  return { config: next, moved };
}
