import { z } from 'zod';
import { deadline, readBoundedBody, type FetchLike, type Reach } from '../net';
import { timedOut } from './http';
import { AccountClaimsSchema, accountOfClaims, idTokenClaims } from './id-token-account';
import { loadOidc } from './oidc-module';
import { oauthConfigurationOf, type ServerEndpoints } from './oauth-client';
import { splitScope } from './scopes';
import type { TokenResponseLike } from './token-record';
import { validateEndpointUrl } from './url-safety';

/** A userinfo answer larger than this is not read: it names one person. */
const MAX_USERINFO_BYTES = 64 * 1024;
/** The account is a courtesy: a slow userinfo endpoint must not hold the sign-in up for long. */
const USERINFO_TIMEOUT_MS = 5_000;

/** OIDC Core §5.3.2: a JSON object whose `sub` is a string (what openid-client already checked, checked again here). */
const UserInfoSchema = AccountClaimsSchema.extend({ sub: z.string().min(1).max(255) });

export interface UserinfoAccountInput {
  /** The authorization server's metadata; nothing is asked without its `userinfo_endpoint`. */
  as: ServerEndpoints;
  /** The MCP server's reach for this sign-in: the endpoint is no closer (reach.ts). */
  reach: Reach;
  /** The client the tokens were issued to (userinfo takes no client authentication). */
  clientId: string;
  /** The sign-in's token response (its access token is sent only to the userinfo endpoint, never shown). */
  response: TokenResponseLike & { claims?: unknown };
  /** The scopes asked for, when the token response does not say which were granted. */
  requestedScopes: readonly string[] | undefined;
  fetch: FetchLike;
  signal?: AbortSignal | undefined;
  /** Why no account came from userinfo, without the token (a line for the log). */
  note?: (message: string) => void;
}

/** The body read up to `max` bytes within `ms` (answer included); a longer one is refused before it is parsed. */
function bounded(fetch: FetchLike, max: number, ms: number, signal: AbortSignal | undefined): FetchLike {
  return async (url, init) => {
    const limit = deadline(ms, [init?.signal, signal], () => timedOut(String(url), ms));
    try {
      const response = await fetch(url, { ...init, signal: limit.signal });
      const body = await readBoundedBody(response, max, limit.signal);
      if (body.over) throw new Error(`the answer is larger than ${max} bytes`);
      return new Response(new Uint8Array(body.bytes), { status: response.status, statusText: response.statusText, headers: response.headers });
    } finally {
      limit.clear();
    }
  };
}

/**
 * Userinfo answers only a token granted `openid` (OIDC Core §5.3). A token bound to an MCP server
 * (RFC 8707) is granted that server's scopes only, as the token response says: nothing is asked then.
 */
function wantsUserinfo(input: UserinfoAccountInput): boolean {
  if (input.as.userinfo_endpoint === undefined) return false;
  const granted = input.response.scope !== undefined ? splitScope(input.response.scope) : input.requestedScopes;
  return granted?.includes('openid') === true;
}

/**
 * The account a sign-in is for, from the authorization server's userinfo endpoint (OIDC Core §5.3),
 * which names the person even where the ID Token carries only `sub` (OIDC Core §5.4: the scope's
 * claims go to userinfo when an access token is issued). Its `sub` must equal the ID Token's
 * (§5.3.2). Undefined when the server offers none, or refuses the token (one bound to the MCP
 * server by RFC 8707 is), or answers anything odd: the ID Token's account is then shown.
 */
export async function userinfoAccount(input: UserinfoAccountInput): Promise<string | undefined> {
  if (!wantsUserinfo(input)) return undefined;
  const endpoint = input.as.userinfo_endpoint ?? '';
  try {
    validateEndpointUrl(endpoint, 'the userinfo_endpoint', input.reach);
    const lib = await loadOidc();
    const guarded = bounded(input.fetch, MAX_USERINFO_BYTES, USERINFO_TIMEOUT_MS, input.signal);
    const config = oauthConfigurationOf(lib, { ...input.as, userinfo_endpoint: endpoint }, { clientId: input.clientId, authMethod: 'none' }, guarded);
    const subject = z.object({ sub: z.string().min(1) }).safeParse(idTokenClaims(input.response));
    const claims = await lib.fetchUserInfo(config, input.response.access_token, subject.success ? subject.data.sub : lib.skipSubjectCheck);
    const parsed = UserInfoSchema.safeParse(claims);
    if (!parsed.success) {
      input.note?.('the userinfo answer named no account');
      return undefined;
    }
    return accountOfClaims(parsed.data);
  } catch (error) {
    // The message never holds the token: openid-client names the endpoint and the error only.
    input.note?.(`userinfo gave no account (${error instanceof Error ? error.message.slice(0, 200) : 'unknown error'})`);
    return undefined;
  }
}
