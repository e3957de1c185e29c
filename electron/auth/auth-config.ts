import { CodedError } from '../../shared/errors';

import { FullAuthConfigSchema, FullStdioAuthConfigSchema, type FullAuthConfig, type FullStdioAuthConfig } from '../../shared/config';

export {
  FullAuthConfigSchema,
  OAuthAuthSchema,
  ClientCredentialsAuthSchema,
  ApiKeyAuthSchema,
  NoAuthSchema,
} from '../../shared/config';
export type { OAuthAuth, ClientCredentialsAuth, ApiKeyAuth, FullAuthConfig, AnyOAuth, FullStdioAuthConfig } from '../../shared/config';
/** What the coordinator needs of a server's config (an HttpServerConfig fits; a stdio one through stdioAuthTarget). */
export interface AuthTarget {
  url: string;
  auth?: { readonly type: string; readonly [key: string]: unknown } | undefined;
  /** A program on this computer: `url` only names its token records, the entry names the authorization server. */
  stdio?: boolean | undefined;
}

/** The URL a stdio server's token records are kept under; nothing is ever sent to it. */
export function stdioTokenUrl(server: string): string {
  return `stdio://${server}`;
}

/** A stdio server's entry as the coordinator takes it. */
export function stdioAuthTarget(server: string, config: { auth?: AuthTarget['auth'] }): AuthTarget {
  return { url: stdioTokenUrl(server), auth: config.auth, stdio: true };
}

/** Parses the `auth` of either kind of target (see parseAuthConfig). */
export function parseTargetAuth(server: string, target: AuthTarget): FullAuthConfig | FullStdioAuthConfig {
  if (!target.stdio) return parseAuthConfig(server, target.auth);
  // A stdio server without `auth` signs in nowhere.
  if (target.auth === undefined) return { type: 'none' };
  return parseWith(server, target.auth, FullStdioAuthConfigSchema);
}

/**
 * Parses a server's `auth`; absent means OAuth as the server asks for it (a 401 starts discovery).
 * @throws CodedError invalid_config
 */
export function parseAuthConfig(server: string, auth: unknown): FullAuthConfig {
  if (auth === undefined) return { type: 'oauth' };
  return parseWith(server, auth, FullAuthConfigSchema);
}

function parseWith<T>(server: string, auth: unknown, schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }): T {
  const parsed = schema.safeParse(auth);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `auth.${i.path.map(String).join('.') || 'type'}: ${i.message}`).join('; ');
  throw new CodedError('invalid_config', `The "auth" of "${server}" is invalid: ${detail}`, {
    hint: `Fix "auth" of "${server}" in mcp.json.`,
    data: { server },
  });
}
