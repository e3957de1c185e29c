export { minimalEnv, INHERITED_ENV_VARS } from './minimal-env';
export type { SpawnLike } from './spawn-like';
export { groupAlive, signalGroup } from './process-group';
export { killMarkedOutputHolders, markedOutputHolders, newRunMark, RUN_MARK_VAR } from './run-mark';
export { endRun } from './end-run';
export { RunWatch } from './run-watch';
