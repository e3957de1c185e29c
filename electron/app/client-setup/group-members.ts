import { readRegularFile } from '../../fs-safe';

/** Where the accounts and groups are listed (tests give their own). */
export interface AccountFiles {
  group: string;
  passwd: string;
}

export const SYSTEM_ACCOUNT_FILES: AccountFiles = { group: '/etc/group', passwd: '/etc/passwd' };

/** Far more than any machine's lists; a larger one is not read (and the folder is refused). */
const MAX_ACCOUNT_FILE_BYTES = 16 * 1024 * 1024;

/** `name:password:id:…` lines (group(5), passwd(5)), split. */
function records(text: string): string[][] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => line.split(':'));
}

/**
 * The accounts other than `uid` in group `gid`: its listed members (/etc/group) and the accounts whose
 * primary group it is (/etc/passwd). Undefined when the group is not listed: who is in it cannot be told.
 */
export function otherGroupMembers(gid: number, uid: number, groupText: string, passwdText: string): string[] | undefined {
  const group = records(groupText).find((fields) => Number(fields[2]) === gid && fields[2] !== '');
  if (group === undefined) return undefined;
  const accounts = records(passwdText);
  const mine = new Set(accounts.filter((fields) => Number(fields[2]) === uid && fields[2] !== '').map((fields) => fields[0]));
  const listed = (group[3] ?? '').split(',').map((name) => name.trim());
  const primary = accounts.filter((fields) => Number(fields[3]) === gid && fields[3] !== '' && Number(fields[2]) !== uid).map((fields) => fields[0] ?? '');
  return [...new Set([...listed, ...primary])].filter((name) => name !== '' && !mine.has(name));
}

async function text(file: string): Promise<string> {
  const read = await readRegularFile(file, MAX_ACCOUNT_FILE_BYTES);
  if ('problem' in read) return read.problem === 'empty' ? '' : Promise.reject(new Error(`${file} could not be read`));
  return read.bytes.toString('utf8');
}

/** The group's name and its members other than this account, as the machine's lists say (undefined: not listed, or unreadable). */
export async function groupOthers(gid: number, uid: number, files: AccountFiles): Promise<{ name: string; others: string[] | undefined; unread?: true }> {
  try {
    const [groups, passwd] = await Promise.all([text(files.group), text(files.passwd)]);
    const name = records(groups).find((fields) => Number(fields[2]) === gid && fields[2] !== '')?.[0] ?? String(gid);
    return { name, others: otherGroupMembers(gid, uid, groups, passwd) };
  } catch {
    return { name: String(gid), others: undefined, unread: true };
  }
}
