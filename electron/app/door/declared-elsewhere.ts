import type { ApiInput, ApiMethod, AppApi } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import type { CodeOwners } from './code-owners';

/**
 * A program's forgetting keeps only the names it declared: programs sharing one app each close
 * their own, and a name another program declared stays with it (docs/library.md).
 */
export function ownNamesOnly(owners: CodeOwners | undefined, method: ApiMethod, input: unknown, pid: number | undefined): unknown {
  if (owners === undefined || (method !== 'forgetServers' && method !== 'forgetAgents')) return input;
  const { names } = input as ApiInput<'forgetServers'>;
  return { ...(input as object), names: owners.ownedBy(method === 'forgetServers' ? 'servers' : 'agents', names, pid) };
}

/** A forgetting left no name to forget (none this program's): no change, so nothing is run or logged. */
export function nothingToForget(method: ApiMethod, input: unknown): boolean {
  return (method === 'forgetServers' || method === 'forgetAgents') && (input as ApiInput<'forgetServers'>).names.length === 0;
}

/**
 * Refuses a declaration of a name another running program declared and still holds in code: taking
 * it over would switch that program's server to another command, or refuse its agent's token.
 */
export async function refuseDeclaredElsewhere(api: AppApi, owners: CodeOwners | undefined, method: ApiMethod, input: unknown, pid: number | undefined): Promise<void> {
  if (owners === undefined || (method !== 'declareServers' && method !== 'declareAgents')) return;
  const taken = owners.takenFrom(method, input, pid);
  if (taken.length === 0) return;
  const servers = method === 'declareServers';
  // The person may have removed it since (servers remove, agents remove): then the name is free.
  const inCode = servers
    ? new Set((await api.status({})).servers.filter((s) => s.fromCode === true).map((s) => s.name))
    : new Set((await api.listAgents({})).filter((a) => a.fromCode === true).map((a) => a.name));
  const held = taken.find((t) => inCode.has(t.name));
  if (held === undefined) return;
  throw new CodedError('invalid_input', `The ${servers ? 'server' : 'agent'} "${held.name}" is already declared in code by another program that still runs (pid ${held.pid})`, {
    hint: `Choose another name for it, or close that program (pid ${held.pid}) first`,
  });
}
