import { agentNameAdvice, serverNameAdvice, spacedLikeAnother, type NameAdvice, type TakenServerNames } from '../../shared/api';
import { SERVER_NAME } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { AGENT_NAME } from '../bridge';

export type { TakenServerNames } from '../../shared/api';

function refuse(advice: NameAdvice | undefined): void {
  if (advice !== undefined) throw new CodedError('invalid_input', advice.message, { hint: advice.hint });
}

/**
 * Checked before anything else, in the command line's words (the App API's own message names its method).
 * `taken`, for a new server: the configured names (and demo ones), none of which is suggested.
 */
export function checkServerName(name: string, taken?: readonly string[] | TakenServerNames): void {
  refuse(serverNameAdvice(name, taken));
}

/** A new server's name, as `checkServerName`; the configured names are asked only when it is refused. */
export async function checkNewServerName(name: string, configured: () => Promise<readonly string[] | TakenServerNames>): Promise<void> {
  if (!SERVER_NAME.test(name)) checkServerName(name, await configured());
}

/** An agent's name, as `checkServerName`: said before the agent is made, with one that would do (none of `taken`). */
export function checkAgentName(name: string, taken?: readonly string[]): void {
  refuse(agentNameAdvice(name, taken));
}

/** A new agent's name, as `checkAgentName`; the agents' names are asked only when it is refused. */
export async function checkNewAgentName(name: string, agents: () => Promise<readonly string[]>): Promise<void> {
  if (AGENT_NAME.test(name) && !spacedLikeAnother(name)) return;
  checkAgentName(name, await agents());
}
