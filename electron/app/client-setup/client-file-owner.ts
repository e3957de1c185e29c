import { lstat } from 'node:fs/promises';
import path from 'node:path';
import { CodedError } from '../../../shared/errors';
import { errnoCode } from '../../fs-safe';
import { groupOthers, SYSTEM_ACCOUNT_FILES, type AccountFiles } from './group-members';

const STICKY = 0o1000;

/**
 * Refuses a client file that another account could swap, or read through its backup: the file, or
 * a folder from it up to the home folder, belonging to an account that is neither this one nor root
 * (a `sudo` run with your HOME would leave root's files in your folders; a folder of another
 * account's is theirs to change), or a folder every account may write (without the sticky bit any
 * of them may rename our file or a backup away and put its own in place). Paths are real (no links).
 * Nothing is checked where there are no owners to compare (Windows).
 */
export async function checkClientFolders(target: string, realHome: string, uid: number | undefined, file: string, accounts: AccountFiles = SYSTEM_ACCOUNT_FILES): Promise<void> {
  if (uid === undefined) return;
  const paths: string[] = [];
  for (let at = target; ; at = path.dirname(at)) {
    paths.push(at);
    if (at === realHome || path.dirname(at) === at || !at.startsWith(realHome)) break;
  }
  for (const at of paths) {
    let info;
    try {
      info = await lstat(at);
    } catch (error) {
      // Not there yet: made by us, 0700, when written.
      if (errnoCode(error) === 'ENOENT') continue;
      throw error;
    }
    if (info.uid !== uid && info.uid !== 0) {
      throw new CodedError('denied', `${at} belongs to another account (uid ${info.uid}); ${file} is not written`, {
        hint: 'Run as the account that owns it, give it to yours (chown), or set the client up by hand with `connected-services agents config`',
      });
    }
    if (info.isDirectory() && (info.mode & 0o002) !== 0 && (info.mode & STICKY) === 0) {
      throw new CodedError('denied', `${at} can be written by every account on this machine; ${file} is not written there`, {
        hint: `Make it yours alone (chmod go-w '${at}'), or set the client up by hand with \`connected-services agents config\``,
      });
    }
    if (info.isDirectory() && (info.mode & 0o020) !== 0 && (info.mode & STICKY) === 0) await checkGroup(at, info.gid, uid, file, accounts);
  }
}

/**
 * A folder its group may write is yours alone when that group has no other member (a user private
 * group, as Debian and Ubuntu make one per account with umask 002); a group with other accounts in it,
 * or one whose members cannot be told, lets them swap the file.
 */
async function checkGroup(at: string, gid: number, uid: number, file: string, accounts: AccountFiles): Promise<void> {
  const members = await groupOthers(gid, uid, accounts);
  if ('others' in members && members.others.length === 0) return;
  const who = 'others' in members ? `which has other members (${members.others.slice(0, 5).join(', ')}${members.others.length > 5 ? ', …' : ''})` : `whose members cannot be told (${members.unknown})`;
  // getent may be missing (a minimal container, macOS), or its source down: refused, as untold.
  const lookup = 'unknown' in members && members.lookedUp ? '; a group the files do not list (LDAP, sssd) is looked up with `getent`, which is missing here, did not answer for this one, or lists none of the directory accounts (sssd: `enumerate = true`)' : '';
  throw new CodedError('denied', `${at} can be written by its group ${members.name}, ${who}; ${file} is not written there`, {
    hint: `Make it yours alone (chmod g-w '${at}'), or set the client up by hand with \`connected-services agents config\`${lookup}`,
  });
}
