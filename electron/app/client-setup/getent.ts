import { execFile } from 'node:child_process';

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

/**
 * Asks the name service switch (nsswitch.conf(5): files, LDAP, sssd, systemd) what the files alone
 * cannot tell. No shell; the argument list is fixed but for an id, which is decimal digits only.
 */
export const runGetent: GetentRunner = (database, id) => {
  const key = id === undefined ? undefined : String(id);
  if (key !== undefined && !/^\d{1,10}$/.test(key)) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    execFile('getent', key === undefined ? [database] : [database, key], { encoding: 'utf8', timeout: GETENT_TIMEOUT_MS, maxBuffer: MAX_GETENT_BYTES, windowsHide: true }, (error, stdout) => {
      resolve(error === null ? stdout : undefined);
    });
  });
};
