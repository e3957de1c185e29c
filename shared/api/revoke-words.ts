/**
 * What "revoke" will do and did, in the words the CLI's `disconnect --revoke`, the service page and the
 * Access page all use, so they never disagree.
 */

import { joinedList } from '../text';

function verb(names: readonly string[], one: string, many: string): string {
  return names.length === 1 ? one : many;
}

/** Why a shared grant is not revoked, and how to end it: said before and after. */
function sharedGrantWords(shared: readonly string[]): string {
  const others = joinedList(shared);
  return (
    `${others} ${verb(shared, 'is', 'are')} signed in with the same client at the same issuer (one grant at many servers), and revoking would sign ${verb(shared, 'it', 'them')} out too: ` +
    `${others} ${verb(shared, 'keeps', 'keep')} working. To end the grant, disconnect ${others} with revoke as well.`
  );
}

/** Before revoking: what happens to the sign-in, and to the services sharing its grant. */
export function revokePlan(server: string, issuer: string | undefined, sharesGrantWith: readonly string[] = []): string {
  const at = issuer !== undefined ? ` at ${issuer}` : ' at its issuer';
  if (sharesGrantWith.length === 0) return `The sign-in of ${server} is revoked${at}, then deleted here.`;
  return `The sign-in of ${server} is deleted here but not revoked${at}: ${sharedGrantWords(sharesGrantWith)}`;
}

export interface RevokeResultWords {
  revoked?: boolean | undefined;
  revokeError?: string | undefined;
  grantSharedWith?: string[] | undefined;
  forgotApiKey?: boolean | undefined;
  auth?: { kind?: string | undefined } | undefined;
}

/** After `disconnect` with `revoke`: what was revoked, what was only deleted here, and why. */
export function revokeOutcome(server: string, result: RevokeResultWords): string {
  if (result.forgotApiKey === true) return `Disconnected ${server} and deleted its API key from the vault (an API key cannot be revoked here: revoke it where it was issued).`;
  if (result.auth?.kind === 'api_key') return `Disconnected ${server}: it has no API key kept for it alone to delete (a global secret or an environment variable it reads stays).`;
  if (result.revoked === true) return `Disconnected ${server} and revoked its tokens.`;
  const shared = result.grantSharedWith ?? [];
  const why = result.revokeError !== undefined ? `: ${result.revokeError}.` : shared.length === 0 ? ': unknown reason.' : '.';
  const sharing = shared.length > 0 ? ` ${sharedGrantWords(shared)}` : '';
  if (result.revoked === false) return `Disconnected ${server}: the tokens were deleted here but not revoked${why}${sharing}`;
  return `Disconnected ${server} (it holds no tokens to revoke).`;
}
