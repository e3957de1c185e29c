import { isStdio, type ServerConfig } from '../../shared/config';
import type { Connection, ConnectRequest } from './connection';
import type { SlotCredentials } from './credential-renewal';
import type { InventoryPart } from './fetch-inventory';
import type { RelistTools } from './header-mismatch';
import type { ListedTools } from './output-validators';
import { toCall } from './call-logs';
import { configuredRoots } from './roots';
import type { RunningCalls } from './running-calls';
import type { SlotOptions } from './slot-options';

/** What a slot's starts hand their connections: where each reports (slot-lifecycle.ts). */
export interface StartingSlot {
  readonly name: string;
  readonly options: Pick<SlotOptions, 'asks' | 'events' | 'now' | 'setTimer'>;
  readonly calls: RunningCalls;
  readonly credentials: SlotCredentials;
  readonly tools: ListedTools;
  /** Lists its tools again through the slot's own walk (a 2026-07-28 server's header mismatch, header-mismatch.ts). */
  relistTools: RelistTools;
  /** The entry in force now (roots are read from it at each request). */
  config(): ServerConfig;
  /** Bumped by every stop: a start's reports are dropped once it changed. */
  generation(): number;
  closed(conn: Connection): void;
  /** The server no longer knows the connection's session (HTTP 404): a new one (slot-session-renewal.ts). */
  sessionExpired(conn: Connection): void;
  listChanged(generation: number, part: InventoryPart): void;
  /** A resource it follows changed: passed on within the server's budget (update-budget.ts). */
  resourceUpdated(uri: string): void;
}

/** The request to the pool's connection factory for one start (connection.ts). */
export function connectRequest(
  slot: StartingSlot,
  generation: number,
  config: ServerConfig,
  startupTimeoutMs: number,
  signal: AbortSignal,
  holder: { conn?: Connection },
): ConnectRequest {
  const { name, options } = slot;
  return {
    server: name,
    config,
    startupTimeoutMs,
    signal,
    onClosed: () => {
      if (holder.conn) slot.closed(holder.conn);
    },
    onListChanged: (part) => slot.listChanged(generation, part),
    onSessionExpired: () => {
      if (holder.conn) slot.sessionExpired(holder.conn);
    },
    onLog: (message) => {
      if (generation !== slot.generation()) return;
      // To the call it arose in, if its caller asked (call-logs.ts); and, as every message, to the pool's listeners.
      toCall(slot.calls.logTarget(), message);
      options.events.emit('log', { server: name, ...message });
    },
    onResourceUpdated: (uri) => {
      if (generation === slot.generation()) slot.resourceUpdated(uri);
    },
    asks: { ...options.asks, calls: slot.calls, roots: () => configuredRoots(slot.config()), now: options.now, setTimer: options.setTimer },
    prepare: async (resolved) => (isStdio(resolved) ? slot.credentials.prepare(resolved) : resolved),
    tools: slot.tools,
    relistTools: (relist) => slot.relistTools(relist),
  };
}
