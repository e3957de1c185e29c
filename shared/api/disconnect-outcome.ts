import type { ServerStatus } from './views';

/** What `disconnect` answers beside the server's status (sign-in-methods.ts). */
export interface DisconnectAnswer extends Pick<ServerStatus, 'auth'> {
  revoked?: boolean | undefined;
  revokeError?: string | undefined;
  forgotApiKey?: boolean | undefined;
}

/** What a disconnect did; `complete` is false when something stays live or stored that the person may think gone. */
export interface DisconnectOutcome {
  message: string;
  complete: boolean;
}

/**
 * What a disconnect did, as the CLI and the screens both say it: a deleted API key is not a revoked
 * one (it stays valid where it was issued), and tokens deleted here may still be live at their issuer.
 */
export function disconnectOutcome(server: string, revoke: boolean, answer: DisconnectAnswer): DisconnectOutcome {
  if (!revoke) return { message: `Disconnected ${server}.`, complete: true };
  if (answer.forgotApiKey === true) {
    return { message: `Disconnected ${server} and deleted its API key from the vault (an API key cannot be revoked here: revoke it where it was issued).`, complete: true };
  }
  if (answer.auth?.kind === 'api_key') {
    return { message: `Disconnected ${server}: it has no API key kept for it alone to delete (a global secret or an environment variable it reads stays).`, complete: false };
  }
  if (answer.revoked === true) return { message: `Disconnected ${server} and revoked its tokens.`, complete: true };
  if (answer.revoked === false) return { message: `Disconnected ${server}: the tokens were deleted here but not revoked: ${answer.revokeError ?? 'unknown reason'}.`, complete: false };
  return { message: `Disconnected ${server} (it holds no tokens to revoke).`, complete: true };
}
