import type { Tool } from '@modelcontextprotocol/server';
import type { ServerStatus, StateChange } from '../../shared/api';
import { redact } from '../../shared/redact';
import { agentMessageOf } from './agent-errors';

/** Where a listed tool says it cannot be used now (MCP `_meta`; the prefix matches ERROR_META_KEY's). */
export const UNAVAILABLE_META_KEY = 'connected-services/unavailable';

/** Why a server's tools cannot be used: the state that stopped it and a one-line reason. */
export interface Unavailable {
  state: 'error' | 'needs_auth';
  reason: string;
}

const MAX_REASON = 160;

function failure(change: StateChange | undefined): change is StateChange & { state: Unavailable['state'] } {
  return change?.state === 'error' || change?.state === 'needs_auth';
}

function shortReason(state: Unavailable['state'], message: string | undefined): string {
  if (state === 'needs_auth') return 'it needs the person to sign in again';
  // One line, bounded: a description is read by a model on every listing.
  const line = redact(message ?? '').split('\n')[0]?.trim() ?? '';
  if (line === '') return 'it failed';
  return line.length > MAX_REASON ? `${line.slice(0, MAX_REASON - 1)}…` : line;
}

/**
 * Whether a server's tools are unusable now. `error`: it failed to start, crashed or gave up; a call
 * would fail or at best retry the start. `needs_auth`: no call starts it until the person signs in
 * again (slot-state.ts lazyStartRefusal), so its tools are as unusable as a failed server's. The mark
 * stays while it is `starting` again after either, and goes only once it is `ready` (or stopped or
 * idle, which a call starts lazily): a restart that fails again then does not flip the listing twice.
 */
export function unavailableOf(status: ServerStatus): Unavailable | undefined {
  const { history } = status;
  const last = history[history.length - 1];
  const cause = status.state === 'starting' ? history[history.length - 2] : last;
  if (status.state !== 'starting' && !failure(last)) return undefined;
  if (!failure(cause)) return undefined;
  // What an agent may read of the error (agent-errors.ts): its agentMessage when the person's holds more.
  const error = cause.error ?? status.lastError;
  return { state: cause.state, reason: shortReason(cause.state, agentMessageOf(error?.data) ?? error?.message) };
}

/** A listing key: equal for statuses that list the server's tools the same way. */
export function unavailableKey(status: ServerStatus): string {
  const unavailable = unavailableOf(status);
  return unavailable === undefined ? '' : `${unavailable.state}:${unavailable.reason}`;
}

/** The tool as listed while its server is unavailable: said first in its description, and in `_meta`. */
export function markedUnavailable(tool: Tool, server: string, unavailable: Unavailable): Tool {
  const note = `Unavailable: ${server} is not running (${unavailable.reason}); ask the person to fix it in Connected Services.`;
  return {
    ...tool,
    description: tool.description === undefined ? note : `${note} ${tool.description}`,
    _meta: { ...tool._meta, [UNAVAILABLE_META_KEY]: { ...unavailable } },
  };
}
