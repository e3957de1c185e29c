export { minimalEnv, INHERITED_ENV_VARS } from './minimal-env';
export type { SpawnLike } from './spawn-like';
export { groupAlive, signalGroup } from './process-group';
export { carriesMark, newRunMark, RUN_MARK_VAR } from './run-mark';
export { endRun, KILL_PHASE_MS, KILL_ROUNDS, type EndRunOptions } from './end-run';
export { RunWatch, type DaemonRule, type Unproven } from './run-watch';
export { RunTree, readAll } from './run-tree';
export { nameOf, scanAll, statOf } from './proc-scan';
export type { ProcStat } from './proc-stat';
