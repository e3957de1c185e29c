import { z } from 'zod';

/** An account name longer than this is cut: it comes from the authorization server. */
const MAX_ACCOUNT = 200;
/** An ID Token larger than this is not read for its account. */
const MAX_ID_TOKEN = 16 * 1024;

/** The OpenID Connect claims that name the person (OIDC Core §5.1), as far as we show them. */
export const AccountClaimsSchema = z.object({
  email: z.string().optional(),
  preferred_username: z.string().optional(),
  name: z.string().optional(),
  sub: z.string().optional(),
});

function shown(text: string | undefined): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const clean = text?.replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '').trim();
  if (clean === undefined || clean === '') return undefined;
  return clean.length > MAX_ACCOUNT ? `${clean.slice(0, MAX_ACCOUNT - 1)}…` : clean;
}

/** The JWT's payload (RFC 7519 §3), decoded; undefined when it is not one. */
function payloadOf(idToken: string): unknown {
  if (idToken.length > MAX_ID_TOKEN) return undefined;
  const part = idToken.split('.')[1];
  if (part === undefined) return undefined;
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Which account a sign-in is for, from the token response's ID Token: its email, else its username,
 * name or subject. Only to show the person; nothing is decided by it. The ID Token came straight
 * from the token endpoint over TLS, which OIDC Core §3.1.3.7 (6) accepts in place of checking its
 * signature; openid-client's own parsed claims are used when it gives them.
 */
export function accountOf(response: { id_token?: unknown; claims?: unknown }): string | undefined {
  return accountOfClaims(idTokenClaims(response));
}

/** The ID Token's claims: openid-client's parsed ones when it gives them, else the JWT's payload. */
export function idTokenClaims(response: { id_token?: unknown; claims?: unknown }): unknown {
  let claims: unknown;
  if (typeof response.claims === 'function') {
    try {
      claims = (response.claims as () => unknown)();
    } catch {
      claims = undefined;
    }
  }
  if (claims === undefined && typeof response.id_token === 'string') claims = payloadOf(response.id_token);
  return claims;
}

/** The account a set of OIDC claims names (an ID Token's or a userinfo answer's): email, else username, name, subject. */
export function accountOfClaims(claims: unknown): string | undefined {
  const parsed = AccountClaimsSchema.safeParse(claims);
  if (!parsed.success) return undefined;
  const c = parsed.data;
  return shown(c.email) ?? shown(c.preferred_username) ?? shown(c.name) ?? shown(c.sub);
}
