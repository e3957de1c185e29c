import { CodedError } from '../../shared/errors';

import { FullAuthConfigSchema, type FullAuthConfig } from '../../shared/config';

export {
  FullAuthConfigSchema,
  OAuthAuthSchema,
  ClientCredentialsAuthSchema,
  ApiKeyAuthSchema,
  NoAuthSchema,
} from '../../shared/config';
export type { OAuthAuth, ClientCredentialsAuth, ApiKeyAuth, FullAuthConfig, AnyOAuth } from '../../shared/config';
/** What the coordinator needs of a server's config (an HttpServerConfig fits). */
export interface AuthTarget {
  url: string;
  auth?: { readonly type: string; readonly [key: string]: unknown } | undefined;
}

/**
 * Parses a server's `auth`; absent means OAuth as the server asks for it (a 401 starts discovery).
 * @throws CodedError invalid_config
 */
export function parseAuthConfig(server: string, auth: unknown): FullAuthConfig {
  if (auth === undefined) return { type: 'oauth' };
  const parsed = FullAuthConfigSchema.safeParse(auth);
  if (parsed.success) return parsed.data;
  const detail = parsed.error.issues.map((i) => `auth.${i.path.map(String).join('.') || 'type'}: ${i.message}`).join('; ');
  throw new CodedError('invalid_config', `The "auth" of "${server}" is invalid: ${detail}`, {
    hint: `Fix "auth" of "${server}" in mcp.json.`,
    data: { server },
  });
}
