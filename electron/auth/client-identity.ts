import { z } from 'zod';
import { CodedError } from '../../shared/errors';
import type { Vault, VaultKey } from '../../shared/vault';
import type { AnyOAuth } from './auth-config';
import type { Discovery } from './discovery';
import type { FetchLike } from '../net';
import { requestJson } from './http';
import { OAUTH_ERROR_BOUNDS, oauthErrorFields, oneLine } from './oauth-error-fields';
import { sameRedirectUri, slashedRedirectUri } from './redirect-uri';
import type { ClientAuthMethod, ClientSource } from './token-record';
import { REGISTRATION_NAMESPACE, registrationKey } from './vault-keys';

export { REGISTRATION_NAMESPACE, registrationKey } from './vault-keys';

export const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const CALLBACK_PATH = '/callback';

const RegistrationSchema = z.object({
  v: z.literal(1),
  issuer: z.string(),
  clientId: z.string().min(1),
  clientSecret: z.string().optional(),
  /** Seconds since epoch; 0 or absent: never expires (RFC 7591 §3.2.1). */
  clientSecretExpiresAt: z.number().optional(),
  authMethod: z.enum(['none', 'client_secret_basic', 'client_secret_post']),
  redirectUris: z.array(z.string()),
  grantTypes: z.array(z.string()),
  registeredAt: z.number(),
  /** The configured metadata URL it was registered through (Discovery.via); absent: the issuer's own discovery. */
  via: z.string().optional(),
});
type Registration = z.infer<typeof RegistrationSchema>;

const RegistrationResponseSchema = z.looseObject({
  client_id: z.string().min(1),
  client_secret: z.string().optional(),
  client_secret_expires_at: z.number().optional(),
  token_endpoint_auth_method: z.string().optional(),
  redirect_uris: z.array(z.string()).optional(),
  grant_types: z.array(z.string()).optional(),
});

export interface ClientIdentity {
  clientId: string;
  source: ClientSource;
  authMethod: ClientAuthMethod;
  secret?: string;
  /** The method is our choice, not the entry's (see ClientCredentialsLike.onBasicFallback). */
  chosenMethod?: boolean;
  /**
   * The authorization server registered our redirect URI with a slash added at the end of its path:
   * another URI (RFC 3986 §6.2), which the authorization request must name and the listener answer.
   */
  slashedCallback?: boolean;
  /** For a stored dynamic registration: where and what, so it can be dropped on invalid_client. */
  stored?: { key: VaultKey; raw: string };
}

export interface ClientIdentityInput {
  server: string;
  auth: AnyOAuth;
  discovery: Discovery;
  vault: Vault;
  fetch: FetchLike;
  /** Resolves `${secret:…}` / `${env:…}` references of the server's config. */
  resolveSecret: (value: string) => Promise<string>;
  clientName: string;
  now: () => number;
  signal?: AbortSignal | undefined;
}

/**
 * Where a dynamic registration is kept: one per (issuer, client_id), so every token record still finds the
 * registration (and secret) it was obtained with. Without `clientId`: the single per-issuer slot of
 * earlier versions, still read (see findRegistration, issuerRegistrations).
 */
/** RFC 8252 §7.3: registered without a port, any port of the loopback listener matches (unless one is fixed). */
export function registeredRedirectUri(callbackPort: number | undefined): string {
  return `http://127.0.0.1${callbackPort === undefined ? '' : `:${callbackPort}`}${CALLBACK_PATH}`;
}

function grantTypesFor(discovery: Discovery): string[] {
  const supported = discovery.as.grant_types_supported;
  const wanted = ['authorization_code', 'refresh_token'];
  if (supported?.includes(DEVICE_GRANT) || (supported === undefined && discovery.as.device_authorization_endpoint)) wanted.push(DEVICE_GRANT);
  return wanted;
}

function usable(registration: Registration, redirectUri: string, grantTypes: string[], now: number): boolean {
  const expires = registration.clientSecretExpiresAt ?? 0;
  if (expires !== 0 && expires * 1000 <= now + 60_000) return false;
  if (registration.authMethod !== 'none' && !registration.clientSecret) return false;
  return registration.redirectUris.some((uri) => sameRedirectUri(uri, redirectUri) || slashedRedirectUri(uri, redirectUri)) && grantTypes.every((g) => registration.grantTypes.includes(g));
}

/**
 * RFC 7591 §3.2.1: the answer holds the metadata actually registered, which the server may have changed.
 * A client whose redirect URIs lack ours can finish no sign-in (RFC 6749 §3.1.2.3), and a confidential
 * one without its secret can authenticate nowhere: kept, either would be reused (or registered again) at
 * every sign-in. Ours written in another case or with its default port is ours (redirect-uri.ts); the
 * authorization request then sends ours, which is that one in its normal form. Ours with a slash added
 * at the end is taken too, as the other URI it is: the sign-in then names and answers that one.
 */
function unusableRegistration(answer: z.infer<typeof RegistrationResponseSchema>, redirectUri: string, authMethod: ClientAuthMethod): string | undefined {
  if (answer.redirect_uris !== undefined && !answer.redirect_uris.some((uri) => sameRedirectUri(uri, redirectUri) || slashedRedirectUri(uri, redirectUri))) {
    return `its redirect URIs ${oneLine(JSON.stringify(answer.redirect_uris), OAUTH_ERROR_BOUNDS.uri)} do not include ${redirectUri}`;
  }
  if (authMethod !== 'none' && (answer.client_secret === undefined || answer.client_secret === '')) return `it uses ${authMethod} but sent no client_secret`;
  return undefined;
}

async function register(input: ClientIdentityInput, endpoint: string, redirectUri: string, grantTypes: string[]): Promise<Registration> {
  // RFC 7591 §2 with RFC 8252 §8.4: a native, public client with a loopback redirect.
  const metadata = {
    client_name: input.clientName,
    application_type: 'native',
    redirect_uris: [redirectUri],
    grant_types: grantTypes,
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
  const answer = await requestJson(
    input.fetch,
    endpoint,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(metadata),
      ...(input.signal ? { signal: input.signal } : {}),
    },
    'the registration endpoint',
  );
  const parsed = RegistrationResponseSchema.safeParse(answer.json);
  if (answer.status < 200 || answer.status >= 300 || !parsed.success) {
    // RFC 7591 §3.2.2: the server's own words, bounded to a printable line.
    const error = oauthErrorFields(answer.json);
    const why = error.error !== undefined ? `${error.error}${error.error_description !== undefined ? `: ${error.error_description}` : ''}` : `HTTP ${answer.status}`;
    throw new CodedError('denied', `The authorization server ${input.discovery.issuer} refused to register this app (${why}).`, {
      hint: `Register a client there yourself and set "clientId" in the "auth" of "${input.server}".`,
      data: { issuer: input.discovery.issuer },
    });
  }
  const method = parsed.data.token_endpoint_auth_method;
  const authMethod: ClientAuthMethod =
    method === 'client_secret_basic' || method === 'client_secret_post' ? method : parsed.data.client_secret ? 'client_secret_basic' : 'none';
  const unusable = unusableRegistration(parsed.data, redirectUri, authMethod);
  if (unusable !== undefined) {
    throw new CodedError('denied', `The authorization server ${input.discovery.issuer} registered this app in a way it cannot sign in with: ${unusable}.`, {
      hint: `Register a client there yourself and set "clientId" in the "auth" of "${input.server}".`,
      data: { issuer: input.discovery.issuer },
    });
  }
  const registration: Registration = {
    v: 1,
    issuer: input.discovery.issuer,
    clientId: parsed.data.client_id,
    authMethod,
    redirectUris: parsed.data.redirect_uris ?? [redirectUri],
    grantTypes: parsed.data.grant_types ?? grantTypes,
    registeredAt: input.now(),
  };
  if (input.discovery.via !== undefined) registration.via = input.discovery.via;
  if (parsed.data.client_secret !== undefined) registration.clientSecret = parsed.data.client_secret;
  if (parsed.data.client_secret_expires_at !== undefined) registration.clientSecretExpiresAt = parsed.data.client_secret_expires_at;
  return registration;
}

function fromRegistration(registration: Registration, key: VaultKey, raw: string, redirectUri: string): ClientIdentity {
  const identity: ClientIdentity = { clientId: registration.clientId, source: 'dynamic', authMethod: registration.authMethod, stored: { key, raw } };
  if (!registration.redirectUris.some((uri) => sameRedirectUri(uri, redirectUri))) identity.slashedCallback = true;
  if (registration.clientSecret !== undefined) identity.secret = registration.clientSecret;
  return identity;
}

export interface StoredRegistration {
  key: VaultKey;
  raw: string;
  registration: Registration;
}

async function readRegistrationAt(vault: Vault, key: VaultKey, issuer: string): Promise<StoredRegistration | undefined> {
  const raw = await vault.get(key);
  if (raw === undefined) return undefined;
  try {
    const parsed = RegistrationSchema.safeParse(JSON.parse(raw));
    return parsed.success && parsed.data.issuer === issuer ? { key, raw, registration: parsed.data } : undefined;
  } catch {
    return undefined;
  }
}

/** The registration a token record was obtained with: its own slot, else the old per-issuer one. */
export async function findRegistration(vault: Vault, issuer: string, clientId: string): Promise<StoredRegistration | undefined> {
  for (const key of [registrationKey(issuer, clientId), registrationKey(issuer)]) {
    const found = await readRegistrationAt(vault, key, issuer);
    if (found?.registration.clientId === clientId) return found;
  }
  return undefined;
}

/** Every registration kept for `issuer` (the old per-issuer slot included), newest first. */
export async function issuerRegistrations(vault: Vault, issuer: string): Promise<StoredRegistration[]> {
  const legacy = registrationKey(issuer).kind;
  const keys = (await vault.keys({ server: REGISTRATION_NAMESPACE })).filter((k) => k.kind === legacy || k.kind.startsWith(`${legacy}:`));
  const found: StoredRegistration[] = [];
  for (const key of keys) {
    const stored = await readRegistrationAt(vault, key, issuer);
    if (stored) found.push(stored);
  }
  return found.sort((a, b) => b.registration.registeredAt - a.registration.registeredAt);
}

/**
 * MCP authorization, client registration: a pre-registered client, else a client ID metadata document
 * (when the AS supports them), else dynamic registration (RFC 7591), kept per issuer and client and reused.
 */
export async function resolveClient(input: ClientIdentityInput): Promise<ClientIdentity> {
  const { auth, discovery } = input;
  if (auth.clientId !== undefined) {
    const secret = auth.clientSecret === undefined ? undefined : await input.resolveSecret(auth.clientSecret);
    // Unless the entry says: client_secret_post where the server offers it (no Basic encoding to get
    // wrong), else Basic, which RFC 6749 §2.3.1 makes every server support (and RFC 8414 §2 the default).
    const offersPost = discovery.as.token_endpoint_auth_methods_supported?.includes('client_secret_post') === true;
    const preferred: ClientAuthMethod = secret === undefined ? 'none' : offersPost ? 'client_secret_post' : 'client_secret_basic';
    const authMethod: ClientAuthMethod = auth.tokenEndpointAuthMethod ?? preferred;
    if (authMethod !== 'none' && secret === undefined) {
      throw new CodedError('invalid_config', `"${input.server}" uses ${authMethod} but has no clientSecret.`, {
        hint: `Add "clientSecret": "\${secret:NAME}" to the "auth" of "${input.server}".`,
      });
    }
    return {
      clientId: auth.clientId,
      source: 'preregistered',
      authMethod,
      ...(secret === undefined ? {} : { secret }),
      ...(auth.tokenEndpointAuthMethod === undefined ? { chosenMethod: true } : {}),
    };
  }
  if (auth.type === 'client_credentials') {
    throw new CodedError('invalid_config', `Client credentials for "${input.server}" need a clientId.`);
  }
  if (auth.clientMetadataUrl !== undefined && discovery.as.client_id_metadata_document_supported === true) {
    return { clientId: auth.clientMetadataUrl, source: 'metadata-document', authMethod: 'none' };
  }
  const endpoint = discovery.as.registration_endpoint;
  if (endpoint === undefined) {
    throw new CodedError('invalid_config', `The authorization server ${discovery.issuer} offers no way for this app to register.`, {
      hint: `Register a client there and set "clientId" in the "auth" of "${input.server}".`,
      data: { issuer: discovery.issuer },
    });
  }
  const redirectUri = registeredRedirectUri(auth.callbackPort);
  const grantTypes = grantTypesFor(discovery);
  // A client is reused only through the metadata it was registered through: that named its endpoints.
  const existing = (await issuerRegistrations(input.vault, discovery.issuer)).find(
    (s) => s.registration.via === discovery.via && usable(s.registration, redirectUri, grantTypes, input.now()),
  );
  if (existing) return fromRegistration(existing.registration, existing.key, existing.raw, redirectUri);
  // A new redirect URI (another callbackPort) or grant type: a registration of its own, the others kept.
  // Extending an existing one would need RFC 7592 management, which many servers lack, and registering
  // again with the union would give a new client_id, stranding the refresh tokens issued to the old one.
  const registration = await register(input, endpoint, redirectUri, grantTypes);
  const key = registrationKey(discovery.issuer, registration.clientId);
  const raw = JSON.stringify(registration);
  await input.vault.set(key, raw);
  return fromRegistration(registration, key, raw, redirectUri);
}

/** Drops a dynamic registration the AS no longer knows (invalid_client), unless another was stored since. */
export async function dropRegistration(vault: Vault, identity: ClientIdentity): Promise<void> {
  if (identity.stored) await vault.compareAndDelete(identity.stored.key, identity.stored.raw);
}
