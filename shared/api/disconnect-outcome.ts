import { revokeOutcome } from './revoke-words';
import type { ServerStatus } from './views';

/** What `disconnect` answers beside the server's status (sign-in-methods.ts). */
export interface DisconnectAnswer extends Pick<ServerStatus, 'auth'> {
  revoked?: boolean | undefined;
  revokeError?: string | undefined;
  forgotApiKey?: boolean | undefined;
  /** Services sharing the sign-in's grant: its tokens were deleted here, not revoked. */
  grantSharedWith?: string[] | undefined;
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
  // The words are revokeOutcome's (revoke-words.ts), shared with the revoke's own plan and note.
  const complete = answer.forgotApiKey === true || (answer.auth?.kind !== 'api_key' && answer.revoked !== false);
  return { message: revokeOutcome(server, answer), complete };
}
