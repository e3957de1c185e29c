export { createPool } from './pool';
export { minimalEnv, INHERITED_ENV_VARS } from './minimal-env';
export { commandLineOf, shellQuote } from './command-line';
export { DEFAULT_RESTART_POLICY } from './restart-policy';
export { DEFAULT_FLOOD_LIMITS, type FloodLimits } from './flood-budget';
export { canTransition } from './state-machine';
export type { CallOptions, FetchLike, Pool, PoolEvents, PoolOptions, RestartPolicy, UpstreamLog } from './types';
export type { SetTimer } from './idle-timer';
