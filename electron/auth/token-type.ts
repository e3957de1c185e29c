import { CodedError } from '../../shared/errors';

/** RFC 6749 §7.1: token types are compared case-insensitively; one the server left out is taken as Bearer. */
export function isBearer(tokenType: string | undefined): boolean {
  return tokenType === undefined || tokenType.toLowerCase() === 'bearer';
}

/**
 * A token this app cannot send: a DPoP-bound one (RFC 9449) needs a proof signed with a key on every
 * request, and sent as Bearer it is refused, refreshed and refused again, ending in a sign-in that
 * cannot help. Refused at once instead, with the reason.
 */
export function unsupportedTokenType(server: string, tokenType: string): CodedError {
  const dpop = tokenType.toLowerCase() === 'dpop';
  const shown = tokenType.slice(0, 40).replace(/[^\x21-\x7e]/g, '?');
  const what = dpop ? 'DPoP-bound tokens (token_type "DPoP", RFC 9449)' : `tokens of the type "${shown}"`;
  return new CodedError('invalid_config', `The service "${server}" requires ${what}, which this app does not support: it sends Bearer tokens only (RFC 6750).`, {
    hint: `Ask the operator of "${server}" to issue Bearer tokens to this app's client, or connect it another way the service offers (an API key); signing in again will not help.`,
    data: { server, tokenType: shown, unsupported: dpop ? 'dpop' : 'token_type' },
  });
}
