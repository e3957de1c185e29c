import { NAME_CLIENTS, type ConnectClient } from '../../../shared/api';
import { prefixLength, type AgentClient } from '../../bridge';

/** A connected client's own prefix, where known (shared/api/agent-clients.ts; electron/bridge/client-names.ts). */
function namesOf(client: ConnectClient): AgentClient | undefined {
  return NAME_CLIENTS.find((c) => c === client);
}

/**
 * Said when the agent's names are made for a shorter client prefix than this client puts before them
 * (issue #32, part 3): in the client some may pass the 64 characters a model accepts, as `agents
 * config` says too. Undefined when they fit, or the client's prefix is not known.
 */
export function namesFitNote(agent: string, made: AgentClient | undefined, client: ConnectClient): string | undefined {
  const target = namesOf(client);
  if (target === undefined || prefixLength(made, agent) >= prefixLength(target, agent)) return undefined;
  const madeFor = made === undefined ? 'no client prefix' : typeof made === 'number' ? `a prefix of ${made} characters` : made;
  return `Its tool names are made for ${madeFor}, and ${client} puts ${prefixLength(target, agent)} characters before each, so some may pass the 64 characters a model accepts: make them fit with connected-services agents set "${agent}" --for ${target}`;
}
