import type { CodedError } from '../../shared/errors';
import type { Reach } from '../net';
import type { AuthStatusChange, FlowEvent } from './types';
import type { BearerChallenge } from './www-authenticate';

/** Why a server waits for a sign-in, and the scopes that sign-in must ask for. */
export interface PendingAuth {
  error: CodedError;
  scopes?: string[];
}

/**
 * A Bearer challenge and the class of the addresses that sent it: a sign-in that follows it trusts
 * the endpoints it names no further than that (its host name may have answered otherwise then).
 */
export interface NotedChallenge {
  challenge: BearerChallenge;
  reach?: Reach | undefined;
}

/** What one coordinator remembers between calls; each step reads or changes only its part. */
export interface CoordinatorState {
  /** `on('flow')` subscribers. */
  readonly listeners: Set<(event: FlowEvent) => void>;
  /** The last Bearer challenge each server sent (its scope and resource_metadata steer discovery). */
  readonly challenges: Map<string, NotedChallenge>;
  /** Servers marked needs_auth, and why. */
  readonly needs: Map<string, PendingAuth>;
  /** Sign-ins running, one per server, so disconnect and close can cancel them. */
  readonly running: Map<string, AbortController>;
  closed: boolean;
}

export function newCoordinatorState(): CoordinatorState {
  return { listeners: new Set(), challenges: new Map(), needs: new Map(), running: new Map(), closed: false };
}

export type StatusReporter = (server: string, change: AuthStatusChange) => void;

/** Calls `onStatus`; a listener that throws is logged, never breaks the step that reported. */
export function statusReporter(onStatus: StatusReporter | undefined, log: (line: string) => void): StatusReporter {
  return (server, change) => {
    try {
      onStatus?.(server, change);
    } catch (error) {
      log(`[${server}] onStatus listener failed: ${String(error)}`);
    }
  };
}

/** Sends a flow event to every subscriber (and one sign-in's own `onEvent`); a throwing listener is logged. */
export function flowEmitter(state: CoordinatorState, log: (line: string) => void): (event: FlowEvent, extra?: (event: FlowEvent) => void) => void {
  return (event, extra) => {
    for (const listener of [...state.listeners, ...(extra ? [extra] : [])]) {
      try {
        listener(event);
      } catch (error) {
        log(`flow listener failed: ${String(error)}`);
      }
    }
  };
}
