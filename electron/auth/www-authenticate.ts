import { oauthErrorFields } from './oauth-error-fields';

/** The most scopes one challenge may ask for, and the longest scope kept (longer ones are dropped). */
export const MAX_CHALLENGE_SCOPES = 64;
export const MAX_SCOPE_LENGTH = 256;

/** What a `Bearer` challenge says (RFC 6750 §3, RFC 9728 §5.1). */
export interface BearerChallenge {
  error?: string;
  errorDescription?: string;
  /** Space-separated `scope`, split. */
  scope?: string[];
  /** RFC 9728 `resource_metadata`. */
  resourceMetadata?: string;
}

const TOKEN = /[!#$%&'*+.^_`|~0-9A-Za-z-]+/y;

/**
 * Reads the first `Bearer` challenge of a WWW-Authenticate header (RFC 9110 §11.6.1 syntax: several
 * challenges, auth-params as token or quoted-string). Returns undefined when there is none.
 */
export function parseBearerChallenge(header: string | null | undefined): BearerChallenge | undefined {
  if (!header) return undefined;
  let pos = 0;
  let scheme: string | undefined;
  let params: Record<string, string> | undefined;
  const challenges: { scheme: string; params: Record<string, string> }[] = [];

  const skip = (chars: RegExp) => {
    while (pos < header.length && chars.test(header.charAt(pos))) pos++;
  };
  const token = (): string | undefined => {
    TOKEN.lastIndex = pos;
    const match = TOKEN.exec(header);
    if (!match) return undefined;
    pos += match[0].length;
    return match[0];
  };
  const quoted = (): string => {
    let out = '';
    pos++; // opening quote
    while (pos < header.length && header.charAt(pos) !== '"') {
      if (header.charAt(pos) === '\\' && pos + 1 < header.length) pos++;
      out += header.charAt(pos++);
    }
    pos++; // closing quote
    return out;
  };

  while (pos < header.length) {
    skip(/[\s,]/);
    const name = token();
    if (name === undefined) {
      pos++;
      continue;
    }
    skip(/[ \t]/);
    if (header.charAt(pos) === '=' && params) {
      pos++;
      skip(/[ \t]/);
      const value = header.charAt(pos) === '"' ? quoted() : (token() ?? '');
      params[name.toLowerCase()] ??= value;
      continue;
    }
    // A new challenge (its token68, if any, is skipped: Bearer challenges use auth-params).
    scheme = name;
    params = {};
    challenges.push({ scheme, params });
  }
  const bearer = challenges.find((c) => c.scheme.toLowerCase() === 'bearer');
  if (!bearer) return undefined;
  const out: BearerChallenge = {};
  const p = bearer.params;
  // The server's words, bounded to a printable line like every OAuth error (RFC 6750 §3).
  const fields = oauthErrorFields({ error: p['error'], error_description: p['error_description'] });
  if (fields.error !== undefined) out.error = fields.error;
  if (fields.error_description !== undefined) out.errorDescription = fields.error_description;
  if (p['scope'] !== undefined) {
    // RFC 6750 §3 sets no size; a step-up's scopes are kept in the vault and shown, so a server gets a bound.
    const scopes = [...new Set(p['scope'].split(' ').filter((s) => s !== '' && s.length <= MAX_SCOPE_LENGTH))].slice(0, MAX_CHALLENGE_SCOPES);
    if (scopes.length > 0) out.scope = scopes;
  }
  if (p['resource_metadata']) out.resourceMetadata = p['resource_metadata'];
  return out;
}
