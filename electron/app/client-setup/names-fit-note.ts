import type { ConnectClient } from '../../../shared/api';
import { prefixLength, type AgentClient } from '../../bridge';

/** The client whose names' prefix a connected client gives ours (electron/bridge/client-names.ts); none known for the rest. */
const NAMES_OF: Partial<Record<ConnectClient, AgentClient>> = {
  'claude-code': 'claude-code',
  'claude-desktop': 'claude-desktop',
  cursor: 'cursor',
  vscode: 'vscode',
};

/**
 * Said when the agent's names are made for a shorter client prefix than this client puts before them
 * (issue #32, part 3): in the client some may pass the 64 characters a model accepts, as `agents
 * config` says too. Undefined when they fit, or the client's prefix is not known.
 */
export function namesFitNote(agent: string, made: AgentClient | undefined, client: ConnectClient): string | undefined {
  const target = NAMES_OF[client];
  if (target === undefined || prefixLength(made, agent) >= prefixLength(target, agent)) return undefined;
  const madeFor = made === undefined ? 'no client prefix' : typeof made === 'number' ? `a prefix of ${made} characters` : made;
  return `Its tool names are made for ${madeFor}, and ${client} puts ${prefixLength(target, agent)} characters before each, so some may pass the 64 characters a model accepts: make them fit with connected-services agents set "${agent}" --for ${target}`;
}
