import type { ChildProcessWithoutNullStreams, SpawnOptionsWithoutStdio } from 'node:child_process';
import type { CrossSpawnParts, SpawnLike as ProcessSpawnLike } from '../proc-env';
import type { FloodLimits } from './flood-budget';
import type { RunLedger } from './run-ledger';

export const DEFAULT_MAX_MESSAGE_BYTES = 8 * 1024 * 1024;
export const DEFAULT_STOP_GRACE_MS = 2000;
/** Messages read but not yet handled; a server that outruns its client by more is stopped. */
export const MAX_QUEUED_MESSAGES = 10_000;

/** proc-env's SpawnLike with piped stdio: a server speaks MCP on stdin/stdout. */
export type SpawnLike = ProcessSpawnLike<SpawnOptionsWithoutStdio, ChildProcessWithoutNullStreams>;

export interface StdioTransportOptions {
  /** The server's name, for messages. */
  server: string;
  command: string;
  args: readonly string[];
  cwd?: string | undefined;
  /** The child's whole environment (see minimalEnv). */
  env: Record<string, string>;
  maxMessageBytes?: number;
  /** SIGTERM → SIGKILL grace. */
  stopGraceMs?: number;
  log?: ((line: string) => void) | undefined;
  /** Budgets for stderr and stray stdout lines; default DEFAULT_FLOOD_LIMITS. */
  floodLimits?: FloodLimits | undefined;
  now?: (() => number) | undefined;
  /** What starts the program; on Windows it is handed cross-spawn's parse of the command (windows-launch.ts). */
  spawn?: SpawnLike;
  /** Windows: cross-spawn's parse and ENOENT hook; a seam for tests. */
  crossSpawn?: CrossSpawnParts | undefined;
  platform?: NodeJS.Platform;
  /** Where the run's processes are recorded while it runs (Linux), for a start after a crash to stop. */
  ledger?: RunLedger | undefined;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}
