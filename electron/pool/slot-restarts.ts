import type { ServerState } from '../../shared/api';
import { toCodedError, type CodedError, type WireError } from '../../shared/errors';
import type { Connection } from './connection';
import { endedError, floodedOf } from './map-error';
import type { SlotState } from './slot-state';
import { oversizedAnswer } from './message-bound';
import { unansweredEnd } from './not-event-stream';
import { reasonTold } from './told-reason';
import { serverAnswered } from './upstream-error';

/** What a server's end while running needs of its slot (slot-lifecycle.ts). */
export interface RestartHost {
  readonly name: string;
  readonly state: SlotState;
  /** A connection runs or is starting. */
  busy(): boolean;
  /** Bumped by every stop. */
  generation(): number;
  start(): Promise<unknown>;
  move(to: ServerState, error?: WireError): void;
  publish(): void;
  log(line: string): void;
  now(): number;
}

/** The server ended on its own while ready: a flood halts it (restarting would only start it again), else a crash. */
export function endedWhileRunning(host: RestartHost, conn: Connection): void {
  void conn.close();
  const info = conn.ended();
  const error = endedError(host.name, info, 'while running');
  if (floodedOf(info)) {
    host.state.halt(error);
    host.state.note(error);
    host.move('error', host.state.lastError);
    return;
  }
  // Our own reason for stopping it (an oversized message, one too many waiting) was logged as it stopped.
  recordCrash(host, error, info?.failure !== undefined);
}

/** A refreshed listing past its bound (listing-bound.ts): halted and shown like a flood, its connection closed. */
export function haltOverBound(host: RestartHost, conn: Connection, error: CodedError): void {
  host.state.halt(error);
  host.state.note(error);
  host.move('error', host.state.lastError);
  void conn.close();
}

/**
 * A crash counted and shown; a restart scheduled with backoff unless the slot gave up (slot-state.ts).
 * `told`: its reason is already in the log, so only giving up on it is said.
 */
function recordCrash(host: RestartHost, error: CodedError, told = false): void {
  const { message, restartInMs } = host.state.crashed(error, host.now());
  host.publish();
  if (!told || restartInMs === undefined) host.log(`[${host.name}] ${message}`);
  if (restartInMs !== undefined) host.state.crashes.scheduleRestart(restartInMs, () => void autoRestart(host));
}

async function autoRestart(host: RestartHost): Promise<void> {
  if (host.busy() || host.state.crashes.gaveUp || host.state.state !== 'error') return;
  const generation = host.generation();
  try {
    await host.start();
  } catch (error) {
    const coded = toCodedError(error);
    // A restart that dies again counts as another crash; other failures (timeout, auth, the server's own error answer) end the loop.
    const idle = !host.busy() && !host.state.crashes.restartPending;
    if (generation === host.generation() && idle && coded.code === 'server_unavailable' && !serverAnswered(coded) && host.state.state === 'error') {
      // Its connection logged why it stopped the server (an oversized line, a flood) as it did.
      recordCrash(host, coded, reasonTold(coded));
    }
  }
}

/**
 * Whether a failed call's error ends its HTTP session (auth, network); one answer refused for its size,
 * one whose stream ended without it, or a JSON-RPC error the server answered, is that answer's, not its session's.
 */
export function endsSession(error: CodedError): boolean {
  return (error.code === 'auth_required' || error.code === 'server_unavailable') && !oversizedAnswer(error) && !unansweredEnd(error) && !serverAnswered(error);
}
