export { writeFileAtomic, removeStaleTemps, syncDir } from './atomic-write';
export type { AtomicWriteOptions } from './atomic-write';
export { withFileLock, FileLock, DEFAULT_LOCK } from './file-lock';
export type { LockOptions } from './file-lock';
export { errnoCode, fsFailure } from './fs-errors';
export { KeyedQueue } from './keyed-queue';
export { JsonlLog, DEFAULT_JSONL_KEEP, DEFAULT_JSONL_MAX_BYTES } from './jsonl-log';
export type { JsonlLogOptions, JsonlLogEvents } from './jsonl-log';
