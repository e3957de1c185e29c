import { readRegularFile } from '../../fs-safe';
import { runGetent, type GetentRunner } from './getent';

/**
 * Where the accounts and groups are listed, and what asks the name service for a group the files do
 * not list (LDAP, sssd; without it such a group is refused). Tests give their own.
 */
export interface AccountFiles {
  group: string;
  passwd: string;
  getent?: GetentRunner;
}

export const SYSTEM_ACCOUNT_FILES: AccountFiles = { group: '/etc/group', passwd: '/etc/passwd', getent: runGetent };

/** Who is in a group: its name and its members but this account, or why that cannot be told (`lookedUp`: getent was asked). */
export type GroupMembers = { name: string; others: string[] } | { name: string; unknown: string; lookedUp: boolean };

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

function groupName(groupText: string, gid: number): string | undefined {
  return records(groupText).find((fields) => Number(fields[2]) === gid && fields[2] !== '')?.[0];
}

/**
 * The group's name and its members other than this account, as /etc/group and /etc/passwd say, or
 * where they do not list the group, as getent does: `getent group GID`, the accounts it lists
 * (`getent passwd`, the primary group's accounts as far as it enumerates them) and this account's
 * name (`getent passwd UID`). Any lookup failing leaves the members untold; so does finding no other
 * member where `getent passwd` lists no directory account, unless it is this account's private group.
 */
export async function groupOthers(gid: number, uid: number, files: AccountFiles): Promise<GroupMembers> {
  const [groups, passwd] = await Promise.all([text(files.group).catch(() => undefined), text(files.passwd).catch(() => undefined)]);
  const listed = groups === undefined ? undefined : groupName(groups, gid);
  if (listed !== undefined && passwd !== undefined) return { name: listed, others: otherGroupMembers(gid, uid, groups ?? '', passwd) ?? [] };
  const why = groups === undefined || passwd === undefined ? `${files.group} or ${files.passwd} could not be read` : `it is not in ${files.group}`;
  if (files.getent === undefined) return { name: listed ?? String(gid), unknown: why, lookedUp: false };
  const group = await files.getent('group', gid);
  const found = group === undefined ? undefined : groupName(group, gid);
  if (group === undefined || found === undefined) return { name: listed ?? String(gid), unknown: `${why}, and \`getent group ${gid}\` did not find it`, lookedUp: true };
  const [all, mine] = await Promise.all([files.getent('passwd'), files.getent('passwd', uid)]);
  if (all === undefined) return { name: found, unknown: `${why}, and \`getent passwd\` did not list the accounts`, lookedUp: true };
  const accounts = [passwd ?? '', all, mine ?? ''].join('\n');
  const others = otherGroupMembers(gid, uid, group, accounts) ?? [];
  if (others.length > 0 || privateGroup(gid, uid, group, mine) || directoryEnumerates(all, passwd ?? '')) return { name: found, others };
  // sssd's default (enumerate = false) lists the files' accounts only: the directory's accounts whose primary group it is are unseen.
  return { name: found, unknown: `${why}, and \`getent passwd\` does not list the directory's accounts, whose primary group it may be`, lookedUp: true };
}

/** This account's user private group: its primary group, named after it, with no member but it. */
function privateGroup(gid: number, uid: number, groupText: string, mineText: string | undefined): boolean {
  const me = records(mineText ?? '').find((fields) => fields[2] === String(uid));
  const group = records(groupText).find((fields) => fields[2] === String(gid));
  if (me === undefined || group === undefined || me[3] !== String(gid) || group[0] !== me[0]) return false;
  return (group[3] ?? '').split(',').every((name) => name.trim() === '' || name.trim() === me[0]);
}

/** Whether `getent passwd` lists accounts beyond the files' own: only then are a directory group's primary members seen. */
function directoryEnumerates(allText: string, passwdText: string): boolean {
  const local = new Set(records(passwdText).map((fields) => fields[0]));
  return records(allText).some((fields) => !local.has(fields[0]));
}
