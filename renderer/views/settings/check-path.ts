import type { DoctorCheck } from '../../../shared/api';

/** A check's detail that begins with a path: the path, and the words after it. */
export interface PathDetail {
  path: string;
  rest: string;
}

/**
 * What the core writes after the data folder's path in its check (run-doctor.ts dataDirCheck):
 * anchored at the end, so a path holding the same words stays whole.
 */
const DATA_DIR_TAIL = /^(.+?)( does not exist| is readable by other users \(mode [0-7]+\)| \(mode [0-7]+\))$/s;

/**
 * The path in the detail of the checks that show one: the config file's (its detail when it passes is
 * the path alone; when it fails, the problems found) and the data folder's. Undefined for any other.
 */
export function pathInDetail(check: DoctorCheck): PathDetail | undefined {
  if (check.id === 'config') return check.status === 'ok' && check.detail !== '' ? { path: check.detail, rest: '' } : undefined;
  if (check.id !== 'data-dir') return undefined;
  const found = DATA_DIR_TAIL.exec(check.detail);
  return found?.[1] === undefined || found[2] === undefined ? undefined : { path: found[1], rest: found[2] };
}
