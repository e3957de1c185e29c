import { z } from 'zod';
import type { Vault, VaultKey } from '../../shared/vault';
import { canonicalResource } from './resource';
import { accountOf } from './id-token-account';
import { splitScope } from './scopes';

/** When a token response has no `expires_in` (RFC 6749 §5.1 makes it optional), assume one hour; 0 is expired. */
export const DEFAULT_EXPIRES_IN_S = 3600;
/**
 * RFC 6749 §5.1 sets no bounds on `expires_in`; an authorization server's figure is kept within these:
 * below (0.0001), every call would refresh first; above (1e306), the expiry is Infinity, which JSON
 * stores as null and the record, with a rotated refresh token in it, could not be read back. The floor
 * is low: a token assumed to live longer than the server says would be sent after it expired.
 */
export const MIN_EXPIRES_IN_S = 3;
export const MAX_EXPIRES_IN_S = 365 * 24 * 3600;

export const FLOWS = ['browser', 'device', 'client_credentials'] as const;
export type AuthFlow = (typeof FLOWS)[number];
export const CLIENT_SOURCES = ['preregistered', 'metadata-document', 'dynamic'] as const;
export type ClientSource = (typeof CLIENT_SOURCES)[number];
export const AUTH_METHODS = ['none', 'client_secret_basic', 'client_secret_post'] as const;
export type ClientAuthMethod = (typeof AUTH_METHODS)[number];

/** One server's tokens from one authorization server, as stored (JSON) in the vault. */
export const TokenRecordSchema = z.object({
  v: z.literal(1),
  issuer: z.string(),
  /** The canonical URL of the server the tokens were obtained for; they are sent nowhere else. */
  serverUrl: z.string(),
  /** The RFC 8707 resource indicator used. */
  resource: z.string(),
  flow: z.enum(FLOWS),
  clientId: z.string(),
  clientSource: z.enum(CLIENT_SOURCES),
  authMethod: z.enum(AUTH_METHODS),
  tokenEndpoint: z.string(),
  revocationEndpoint: z.string().optional(),
  accessToken: z.string().min(1),
  tokenType: z.string(),
  refreshToken: z.string().optional(),
  /** ms since epoch; never 0 (see DEFAULT_EXPIRES_IN_S). A record stored as null (an unbounded expires_in before MAX_EXPIRES_IN_S) reads as expired, so its refresh token is used, not lost. */
  expiresAt: z.union([z.number().positive().finite(), z.null().transform(() => 1)]),
  obtainedAt: z.number(),
  /** Granted scopes (the response's `scope`, else what was asked for). */
  scopes: z.array(z.string()),
  /**
   * The scopes of the grant itself (its authorization, or a client credentials grant), which a refresh
   * may narrow and widen again up to, never beyond (RFC 6749 §6). Absent in older records: `scopes`.
   */
  grantedScopes: z.array(z.string()).optional(),
  /** What the last authorization asked for. */
  requestedScopes: z.array(z.string()),
  /** Scopes a 403 insufficient_scope asked for; the next `connect` adds them. */
  stepUpScopes: z.array(z.string()).optional(),
  /** Step-up authorizations so far (bounded, see MAX_STEP_UPS). */
  stepUps: z.number().int().nonnegative().optional(),
  /** The account signed in: from userinfo (userinfo-account.ts), else the ID Token's claims (id-token-account.ts). */
  account: z.string().max(200).optional(),
});
export type TokenRecord = z.infer<typeof TokenRecordSchema>;

// In their own module so the auth folder's public face names them without loading the token code.
export { issuerHash, tokensKey } from './vault-keys';

export interface StoredTokens {
  key: VaultKey;
  /** The value exactly as stored, for compare-and-set / compare-and-delete. */
  raw: string;
  record: TokenRecord;
}

export function parseRecord(raw: string | undefined): TokenRecord | undefined {
  if (raw === undefined) return undefined;
  try {
    const parsed = TokenRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

export async function readTokens(vault: Vault, key: VaultKey): Promise<StoredTokens | undefined> {
  const raw = await vault.get(key);
  const record = parseRecord(raw);
  return raw !== undefined && record ? { key, raw, record } : undefined;
}

/** Every token record of `server`, newest first. */
export async function listTokens(vault: Vault, server: string): Promise<StoredTokens[]> {
  const keys = (await vault.keys({ server })).filter((k) => k.kind.startsWith('tokens:'));
  const found: StoredTokens[] = [];
  for (const key of keys) {
    const stored = await readTokens(vault, key);
    if (stored) found.push(stored);
  }
  return found.sort((a, b) => b.record.obtainedAt - a.record.obtainedAt);
}

/** The record whose tokens belong to this server URL (tokens are sent only where they were obtained for). */
export async function tokensFor(vault: Vault, server: string, serverUrl: string): Promise<StoredTokens | undefined> {
  const canonical = canonicalResource(serverUrl);
  return (await listTokens(vault, server)).find((s) => s.record.serverUrl === canonical);
}

export interface TokenResponseLike {
  access_token: string;
  token_type?: string;
  expires_in?: number;
  refresh_token?: string;
  scope?: string;
  /** OpenID Connect: the ID Token naming the account (a refresh may send none). */
  id_token?: string;
}

/**
 * A refresh's bound (RFC 6749 §6): its scope must not include any scope the original grant did not have;
 * a client credentials grant's or renewal's (§3.3, §4.4): none it did not ask for.
 */
export interface RefreshScopeBound {
  /** Told the scopes the answer named beyond the bound, which are not recorded. */
  onWider: (extra: string[]) => void;
  /** Bound by these instead of the original grant's scopes (a client credentials request, see token-manager.ts, connect.ts). */
  within?: readonly string[] | undefined;
}

/**
 * Applies a token endpoint response: a response without refresh_token keeps the old one (RFC 6749 §6).
 * `refresh`: a refresh of `base`, which cannot widen the scopes of its grant, or a grant bounded by its request.
 */
export function applyTokenResponse(
  base: Omit<TokenRecord, 'accessToken' | 'tokenType' | 'expiresAt' | 'obtainedAt' | 'scopes'> & { refreshToken?: string | undefined; scopes?: string[] },
  response: TokenResponseLike,
  now: number,
  refresh?: RefreshScopeBound,
): TokenRecord {
  const given = typeof response.expires_in === 'number' && response.expires_in > 0 ? response.expires_in : DEFAULT_EXPIRES_IN_S;
  const expiresIn = Math.min(MAX_EXPIRES_IN_S, Math.max(MIN_EXPIRES_IN_S, given));
  // RFC 6749 §5.1: a lifetime of 0 seconds is a token already expired, renewed at its first use.
  const expiresAt = response.expires_in === 0 ? Math.max(1, now) : now + expiresIn * 1000;
  // RFC 6749 §6: a refresh is bounded by the original grant, not by a narrower refresh since; it asks for
  // no scope, so an answer naming none (§5.1: as requested) has the original grant's.
  const original = base.grantedScopes ?? base.scopes ?? [];
  const bound = refresh?.within !== undefined && refresh.within.length > 0 ? refresh.within : original;
  const kept = refresh !== undefined && bound.length > 0 ? [...bound] : (base.scopes ?? base.requestedScopes);
  let granted = response.scope !== undefined ? splitScope(response.scope) : kept;
  // No scopes recorded means none were known (nothing asked, none named), not none granted: nothing to bound.
  if (refresh !== undefined && bound.length > 0) {
    const extra = granted.filter((scope) => !bound.includes(scope));
    if (extra.length > 0) {
      refresh.onWider(extra);
      granted = granted.filter((scope) => bound.includes(scope));
    }
  }
  const record: TokenRecord = {
    ...base,
    accessToken: response.access_token,
    tokenType: response.token_type ?? 'bearer',
    expiresAt,
    obtainedAt: now,
    scopes: granted,
    grantedScopes: refresh !== undefined && original.length > 0 ? original : granted,
  };
  // A refresh without an ID Token keeps the account the sign-in named.
  const account = accountOf(response);
  if (account !== undefined) record.account = account;
  const refreshToken = response.refresh_token ?? base.refreshToken;
  if (refreshToken !== undefined) record.refreshToken = refreshToken;
  else delete record.refreshToken;
  return record;
}

/** Refresh this long before expiry: a minute, or a quarter of a short token's life. */
export function refreshMargin(record: TokenRecord): number {
  return Math.min(60_000, Math.max(0, (record.expiresAt - record.obtainedAt) / 4));
}

/** Issued with `expires_in: 0` (see applyTokenResponse): valid only in the operation it was fetched for. */
export function hasNoLifetime(record: Pick<TokenRecord, 'expiresAt' | 'obtainedAt'>): boolean {
  return record.expiresAt <= Math.max(1, record.obtainedAt);
}
