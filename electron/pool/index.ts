export { createPool } from './pool';
export { commandLineOf, shellQuote } from './command-line';
export { DEFAULT_RESTART_POLICY } from './restart-policy';
export { DEFAULT_FLOOD_LIMITS, type FloodLimits } from './flood-budget';
export { canTransition } from './state-machine';
export type { CallOptions, CallProgress, Pool, PoolEvents, PoolOptions, RestartPolicy, UpstreamLog } from './types';
export type { SetTimer } from './idle-timer';
export { DEFAULT_ASK_TIMEOUT_MS } from './server-asks';
export type { AskContext, AskOptions, AskRouter, CallAsker } from './server-asks';
