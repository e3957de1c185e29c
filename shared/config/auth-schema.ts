import { z } from 'zod';

/** RFC 6749 §3.3: a scope token is printable ASCII without space, `"` or `\\`. */
export const SCOPE_TOKEN = /^[\x21\x23-\x5b\x5d-\x7e]+$/;

/**
 * The `auth` block of a server in mcp.json. Secrets are written as `${secret:NAME}` references
 * (AuthConfigSchema insists); the coordinator also accepts them resolved (FullAuthConfigSchema).
 */
const scopes = z.array(z.string().regex(SCOPE_TOKEN, 'a scope has no spaces, quotes or backslashes')).max(100);
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' });
/** A secret field: a `${secret:NAME}` reference in mcp.json, or the resolved value inside the core. */
const secretRef = z.string().min(1).max(4096);

const oauthFields = {
  /** Pre-registered client id; without it the client metadata document or dynamic registration is used. */
  clientId: z.string().min(1).max(512).optional(),
  clientSecret: secretRef.optional(),
  tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post', 'none']).optional(),
  /** The https URL of this app's client ID metadata document, used when the AS supports them. */
  clientMetadataUrl: z.url({ protocol: /^https$/, error: 'must be an https:// URL' }).optional(),
  /** Overrides discovery of the authorization server metadata. */
  authServerMetadataUrl: httpUrl.optional(),
  /** Overrides scope selection. */
  scopes: scopes.optional(),
  /** A fixed loopback port for the redirect (default: an ephemeral one). */
  callbackPort: z.number().int().min(1024).max(65_535).optional(),
};

export const OAuthAuthSchema = z.strictObject({ type: z.enum(['oauth', 'device']), ...oauthFields });

export const ClientCredentialsAuthSchema = z.strictObject({
  type: z.literal('client_credentials'),
  clientId: z.string().min(1).max(512),
  clientSecret: secretRef,
  tokenEndpointAuthMethod: z.enum(['client_secret_basic', 'client_secret_post']).optional(),
  authServerMetadataUrl: httpUrl.optional(),
  scopes: scopes.optional(),
});

export const ApiKeyAuthSchema = z.strictObject({
  type: z.literal('api_key'),
  /** `${secret:NAME}`; absent: the vault entry `<server>/apiKey`. */
  key: secretRef.optional(),
  /** Default `Authorization`. */
  header: z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'must be an HTTP header name').optional(),
  /** Put before the key; default `Bearer` for the Authorization header, nothing otherwise. */
  scheme: z.string().regex(/^[A-Za-z0-9._~+/-]*$/).optional(),
});

export const NoAuthSchema = z.strictObject({ type: z.literal('none') });

/**
 * Parameters a provider needs on its authorization request (Google: `access_type=offline`,
 * `prompt=consent`). The ones the flow itself sets (PKCE, state, redirect, client, scope, resource) are refused.
 */
const RESERVED_PARAMS = new Set([
  'client_id', 'redirect_uri', 'response_type', 'scope', 'state', 'code_challenge', 'code_challenge_method', 'resource', 'code_verifier', 'request', 'request_uri',
]);
const authorizationParams = z
  .record(z.string().regex(/^[A-Za-z0-9_.-]{1,64}$/, 'a parameter name is letters, digits, "_", "." or "-"'), z.string().max(1024))
  .refine((params) => Object.keys(params).length <= 20, 'at most 20 parameters')
  .refine((params) => !Object.keys(params).some((k) => RESERVED_PARAMS.has(k)), {
    message: `these are set by the sign-in itself and cannot be given: ${[...RESERVED_PARAMS].join(', ')}`,
  });

/**
 * A stdio server publishes no protected resource metadata, so its entry names the authorization server:
 * `issuer` (RFC 8414 / OpenID discovery from it) or `authServerMetadataUrl`.
 */
const stdioAuthServer = { issuer: httpUrl.optional() };

export const StdioOAuthAuthSchema = OAuthAuthSchema.extend({ ...stdioAuthServer, authorizationParams: authorizationParams.optional() });
export const StdioClientCredentialsAuthSchema = ClientCredentialsAuthSchema.extend(stdioAuthServer);
/** A stdio program takes its key through `${token}` or `credentialFile`, never a header. */
export const StdioApiKeyAuthSchema = z.strictObject({ type: z.literal('api_key'), key: secretRef.optional() });

export const FullStdioAuthConfigSchema = z
  .discriminatedUnion('type', [StdioOAuthAuthSchema, StdioClientCredentialsAuthSchema, StdioApiKeyAuthSchema, NoAuthSchema])
  .superRefine((auth, ctx) => {
    if (auth.type === 'api_key' || auth.type === 'none') return;
    if (auth.issuer === undefined && auth.authServerMetadataUrl === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['issuer'],
        message: 'a program on this computer publishes no metadata to discover its sign-in from: name its authorization server with "issuer" (or "authServerMetadataUrl")',
      });
    }
    if (auth.issuer !== undefined && auth.authServerMetadataUrl !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['authServerMetadataUrl'], message: 'give "issuer" or "authServerMetadataUrl", not both' });
    }
  });
export type StdioOAuthAuth = z.infer<typeof StdioOAuthAuthSchema>;
export type StdioClientCredentialsAuth = z.infer<typeof StdioClientCredentialsAuthSchema>;
export type FullStdioAuthConfig = z.infer<typeof FullStdioAuthConfigSchema>;

export const FullAuthConfigSchema = z.discriminatedUnion('type', [
  OAuthAuthSchema,
  ClientCredentialsAuthSchema,
  ApiKeyAuthSchema,
  NoAuthSchema,
]);

export type OAuthAuth = z.infer<typeof OAuthAuthSchema>;
export type ClientCredentialsAuth = z.infer<typeof ClientCredentialsAuthSchema>;
export type ApiKeyAuth = z.infer<typeof ApiKeyAuthSchema>;
export type FullAuthConfig = z.infer<typeof FullAuthConfigSchema>;
/** OAuth in any of its forms (a stdio server's names its authorization server). */
export type AnyOAuth = OAuthAuth | ClientCredentialsAuth | StdioOAuthAuth | StdioClientCredentialsAuth;


/** Secret fields of an auth block; in mcp.json they must be references, never the value itself. */
const SECRET_FIELDS = ['clientSecret', 'key'] as const;
const REFERENCE = /^\$\{(secret|env):[^}]+\}$/;

function requireReferences(auth: object, ctx: z.RefinementCtx): void {
  for (const field of SECRET_FIELDS) {
    const value = (auth as Record<string, unknown>)[field];
    if (typeof value === 'string' && !REFERENCE.test(value)) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `write a reference like \${secret:NAME}, and store the value with \`connected-services secrets set NAME\``,
      });
    }
  }
}

export const AuthConfigSchema = FullAuthConfigSchema.superRefine(requireReferences);
export type AuthConfig = z.infer<typeof AuthConfigSchema>;
/** The `auth` of a stdio server in mcp.json. */
export const StdioAuthConfigSchema = FullStdioAuthConfigSchema.superRefine(requireReferences);
export type StdioAuthConfig = z.infer<typeof StdioAuthConfigSchema>;
