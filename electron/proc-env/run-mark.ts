import { randomBytes } from 'node:crypto';
import { environOf, holdsEntry } from './proc-scan';

/**
 * The variable that marks every process one run started (Linux). A program that leaves its process
 * group (setsid) escapes the group's kill and is re-parented away from us; its environment, inherited
 * from our spawn, still carries the run's random mark. The mark points at candidates only: any
 * process may copy it (run-watch.ts says what proves a process is the run's).
 */
export const RUN_MARK_VAR = 'CONNECTED_SERVICES_RUN';

/** A mark no other run has (128 random bits). */
export function newRunMark(): string {
  return randomBytes(16).toString('hex');
}

/** Whether the environment of `pid` carries `mark` as a variable of its own (Linux); false once gone or another user's. */
export async function carriesMark(pid: number, mark: string, proc = '/proc'): Promise<boolean> {
  const environ = await environOf(pid, proc);
  return environ !== undefined && holdsEntry(environ, Buffer.from(`${RUN_MARK_VAR}=${mark}`));
}
