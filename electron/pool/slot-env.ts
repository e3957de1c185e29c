import type { HttpServerConfig, ServerConfig, Settings, StdioServerConfig } from '../../shared/config';
import type { CodedError } from '../../shared/errors';
import type { Approval, ServerStatus } from '../../shared/api';
import type { FloodLimits } from './flood-budget';
import type { SetTimer } from './idle-timer';
import type { SpawnLike } from './stdio-transport';
import type { FetchLike } from '../net';
import type { RestartPolicy, UpstreamLog } from './types';
import type { AskRouter } from './server-asks';

/** PoolOptions with defaults filled in, plus the pool's event sinks: what a ServerSlot depends on. */
export interface SlotEnv {
  cacheDir: string;
  gate: ((name: string, config: StdioServerConfig) => CodedError | null) | undefined;
  approval: (name: string, config: ServerConfig) => Approval;
  resolve: (name: string, config: ServerConfig) => Promise<ServerConfig>;
  httpFetch: ((name: string, config: HttpServerConfig) => FetchLike | undefined) | undefined;
  baseEnv: Record<string, string | undefined>;
  now: () => number;
  setTimer: SetTimer;
  /** The settings of the config last applied (the default idleTimeoutMs). */
  settings: () => Settings | undefined;
  restartPolicy: RestartPolicy;
  maxMessageBytes: number;
  stopGraceMs: number;
  floodLimits: FloodLimits;
  spawn: SpawnLike | undefined;
  log: (line: string) => void;
  emitState: (status: ServerStatus) => void;
  emitInventory: (server: string) => void;
  emitLog: (entry: UpstreamLog) => void;
  /** Servers' requests (server-asks.ts) and their time limit. */
  asks: { router: AskRouter; timeoutMs: number };
}
