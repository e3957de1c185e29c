import { execFile } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { minimalEnv } from '../../proc-env';
import { cachedGetent } from './getent-cache';

export type GetentDatabase = 'group' | 'passwd';

/**
 * `getent DATABASE [ID]`: its output, or undefined when getent is missing, fails, finds nothing
 * (exit 2), takes too long or says too much. Tests give their own.
 */
export type GetentRunner = (database: GetentDatabase, id?: number) => Promise<string | undefined>;

/** A directory lookup (LDAP, sssd) that has not answered by then is not waited for: the folder is refused. */
const GETENT_TIMEOUT_MS = 5000;

/** Far more than a group's line or a machine's accounts; a longer answer is not taken (the folder is refused). */
const MAX_GETENT_BYTES = 16 * 1024 * 1024;

/** glibc's getent, by its absolute path: a PATH holding `.` or an empty entry would run one from the working folder. */
export const GETENT_PROGRAMS: readonly string[] = ['/usr/bin/getent', '/bin/getent'];

export interface GetentExecOptions {
  encoding: 'utf8';
  timeout: number;
  maxBuffer: number;
  windowsHide: boolean;
  env: Record<string, string>;
}

/** The part of `execFile` getent is run with; tests give their own. */
export type GetentExec = (file: string, args: string[], options: GetentExecOptions, done: (error: Error | null, stdout: string) => void) => void;

function firstProgram(programs: readonly string[]): string | undefined {
  return programs.find((program) => {
    try {
      accessSync(program, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Asks the name service switch (nsswitch.conf(5): files, LDAP, sssd, systemd) what the files alone
 * cannot tell. No shell; the argument list is fixed but for an id, which is decimal digits only. The
 * child and the NSS modules it loads get the minimal environment: no token or passphrase of ours.
 */
export function getentRunner(exec: GetentExec, baseEnv: Record<string, string | undefined>, programs: readonly string[] = GETENT_PROGRAMS): GetentRunner {
  return (database, id) => {
    const key = id === undefined ? undefined : String(id);
    if (key !== undefined && !/^\d{1,10}$/.test(key)) return Promise.resolve(undefined);
    const program = firstProgram(programs);
    if (program === undefined) return Promise.resolve(undefined);
    const options = { encoding: 'utf8' as const, timeout: GETENT_TIMEOUT_MS, maxBuffer: MAX_GETENT_BYTES, windowsHide: true, env: minimalEnv(baseEnv) };
    return new Promise((resolve) => {
      exec(program, key === undefined ? [database] : [database, key], options, (error, stdout) => {
        resolve(error === null ? stdout : undefined);
      });
    });
  };
}

/** Kept a short while per process (getent-cache.ts): each check of a client file's folders asks again. */
export const runGetent: GetentRunner = cachedGetent(
  getentRunner((file, args, options, done) => {
    execFile(file, args, options, (error, stdout) => done(error, stdout));
  }, process.env),
  Date.now,
);
