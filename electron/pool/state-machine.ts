import { CodedError } from '../../shared/errors';
import type { WireError } from '../../shared/errors';
import type { ServerState, StateChange } from '../../shared/api';

/** How many state changes a status keeps. */
export const HISTORY_LIMIT = 20;

/**
 * The legal moves of `idle → starting → ready | needs_auth | error → stopped` (and `ready → idle`).
 * `error → starting` is a restart (automatic after a crash, or explicit); `stopped → starting`
 * is a lazy or explicit start after a stop. `ready → idle` is a stop for idleness: the next call starts it.
 */
const TRANSITIONS: Readonly<Record<ServerState, readonly ServerState[]>> = {
  idle: ['starting', 'stopped'],
  starting: ['ready', 'needs_auth', 'error', 'stopped'],
  ready: ['error', 'needs_auth', 'stopped', 'idle'],
  needs_auth: ['starting', 'stopped'],
  error: ['starting', 'stopped'],
  stopped: ['starting'],
};

export function canTransition(from: ServerState, to: ServerState): boolean {
  return TRANSITIONS[from].includes(to);
}

export interface StateRecord {
  state: ServerState;
  /** When `state` was entered. */
  since: number;
  /** Oldest first, at most HISTORY_LIMIT entries. */
  history: StateChange[];
}

export function initialState(at: number): StateRecord {
  return { state: 'idle', since: at, history: [{ state: 'idle', at }] };
}

/** The record after moving to `to`; an illegal move is a bug in the pool, so it throws. */
export function transition(record: StateRecord, to: ServerState, at: number, error?: WireError): StateRecord {
  if (!canTransition(record.state, to)) {
    throw new CodedError('internal', `illegal server state change ${record.state} → ${to}`);
  }
  const change: StateChange = error === undefined ? { state: to, at } : { state: to, at, error };
  return { state: to, since: at, history: [...record.history, change].slice(-HISTORY_LIMIT) };
}
