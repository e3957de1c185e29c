import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientFile } from './client-file';
import type { GetentDatabase, GetentRunner } from './getent';
import { runGetent } from './getent';
import { groupOthers, otherGroupMembers } from './group-members';

const PASSWD = 'root:x:0:0:root:/root:/bin/bash\nme:x:1000:1000:Me:/home/me:/bin/bash\nyou:x:1001:1001::/home/you:/bin/sh\nsvc:x:998:1000::/srv:/usr/sbin/nologin\n';
const GROUP = 'root:x:0:\nme:x:1000:\nyou:x:1001:\nstaff:x:50:me,you\nmine:x:60:me\n';

describe('otherGroupMembers', () => {
  it("counts a group's listed members and the accounts whose primary group it is, not this account", () => {
    expect(otherGroupMembers(1001, 1001, GROUP, PASSWD)).toEqual([]);
    expect(otherGroupMembers(60, 1000, GROUP, PASSWD)).toEqual([]);
    expect(otherGroupMembers(50, 1000, GROUP, PASSWD)).toEqual(['you']);
    // A service account whose primary group is mine is in it.
    expect(otherGroupMembers(1000, 1000, GROUP, PASSWD)).toEqual(['svc']);
    expect(otherGroupMembers(77, 1000, GROUP, PASSWD)).toBeUndefined();
  });
});

/** A name service that knows `groups` and `accounts` (lines as getent prints them), and the lookups asked of it. */
function nameService(groups: string, accounts: string): { getent: GetentRunner; asked: [GetentDatabase, number | undefined][] } {
  const asked: [GetentDatabase, number | undefined][] = [];
  const getent: GetentRunner = (database, id) => {
    asked.push([database, id]);
    const lines = (database === 'group' ? groups : accounts).split('\n').filter((line) => line !== '');
    const found = id === undefined ? lines : lines.filter((line) => line.split(':')[2] === String(id));
    // An enumeration lists what there is; a lookup by id that finds nothing fails (exit 2).
    return Promise.resolve(id !== undefined && found.length === 0 ? undefined : found.map((line) => `${line}\n`).join(''));
  };
  return { getent, asked };
}

describe('a group the files do not list', () => {
  const lists = mkdtempSync(path.join(tmpdir(), 'cs-nss-'));
  const files = { group: path.join(lists, 'group'), passwd: path.join(lists, 'passwd') };
  writeFileSync(files.group, 'root:x:0:\nstaff:x:50:me,you\n');
  writeFileSync(files.passwd, 'root:x:0:0:root:/root:/bin/bash\nyou:x:1001:1001::/home/you:/bin/sh\n');

  it('is looked up with getent: its members, the accounts it lists and this account by its id', async () => {
    // An sssd user private group: this account (known to the directory only) alone in it.
    const alone = nameService('alice:*:70001:alice\n', 'alice:*:70001:70001::/home/alice:/bin/bash\n');
    expect(await groupOthers(70001, 70001, { ...files, getent: alone.getent })).toEqual({ name: 'alice', others: [] });
    expect(alone.asked).toEqual([
      ['group', 70001],
      ['passwd', undefined],
      ['passwd', 70001],
    ]);
    const shared = nameService('devs:*:70100:alice,bob\n', 'alice:*:70001:70001::/home/alice:/bin/bash\ncarol:*:70003:70100::/home/carol:/bin/bash\n');
    expect(await groupOthers(70100, 70001, { ...files, getent: shared.getent })).toEqual({ name: 'devs', others: ['bob', 'carol'] });
  });

  it('is refused when no other member is found but getent passwd lists none of the directory accounts whose primary group it may be', async () => {
    // sssd with enumerate = false: `getent passwd` lists the files' accounts only, so devs' primary members are unseen.
    const local = 'root:x:0:0:root:/root:/bin/bash\nyou:x:1001:1001::/home/you:/bin/sh\n';
    const lookup = (groups: string, me: string): GetentRunner => (database, id) =>
      Promise.resolve(database === 'group' ? groups : id === undefined ? local : me);
    const alice = 'alice:*:70001:70001::/home/alice:/bin/bash\n';
    expect(await groupOthers(70100, 70001, { ...files, getent: lookup('devs:*:70100:\n', alice) })).toEqual({
      name: 'devs',
      unknown: `it is not in ${files.group}, and \`getent passwd\` does not list the directory's accounts, whose primary group it may be`,
      lookedUp: true,
    });
    // This account's user private group needs no enumeration; one named otherwise, or with another member, does.
    expect(await groupOthers(70001, 70001, { ...files, getent: lookup('alice:*:70001:alice\n', alice) })).toEqual({ name: 'alice', others: [] });
    expect(await groupOthers(70001, 70001, { ...files, getent: lookup('team:*:70001:\n', alice) })).toMatchObject({ name: 'team', lookedUp: true });
    expect(await groupOthers(70001, 70001, { ...files, getent: lookup('alice:*:70001:alice,bob\n', alice) })).toEqual({ name: 'alice', others: ['bob'] });
  });

  it('is never looked up when the files list it', async () => {
    const service = nameService('', '');
    expect(await groupOthers(50, 1000, { ...files, getent: service.getent })).toEqual({ name: 'staff', others: ['me', 'you'] });
    expect(service.asked).toEqual([]);
  });

  it('stays untold when getent does not find it, or cannot list the accounts', async () => {
    expect(await groupOthers(70001, 70001, { ...files, getent: nameService('', '').getent })).toEqual({
      name: '70001',
      unknown: `it is not in ${files.group}, and \`getent group 70001\` did not find it`,
      lookedUp: true,
    });
    const noAccounts: GetentRunner = (database) => Promise.resolve(database === 'group' ? 'alice:*:70001:\n' : undefined);
    expect(await groupOthers(70001, 70001, { ...files, getent: noAccounts })).toMatchObject({ name: 'alice', unknown: `it is not in ${files.group}, and \`getent passwd\` did not list the accounts` });
  });

  it('is refused with a hint that getent was asked', async () => {
    const { home, file, accounts } = groupWritable('me');
    writeFileSync(accounts.group, 'elsewhere:x:424242:\n');
    const failing: GetentRunner = () => Promise.resolve(undefined);
    await expect(readClientFile(file, home, process.getuid?.(), { ...accounts, getent: failing })).rejects.toMatchObject({
      code: 'denied',
      hint: expect.stringContaining('is looked up with `getent`, which is missing here, did not answer for this one, or lists none of the directory accounts (sssd: `enumerate = true`)') as unknown,
    });
    // Found by getent: this account's private group.
    const found = nameService(`me:x:${process.getgid?.() ?? 0}:\n`, `me:x:${process.getuid?.() ?? 0}:${process.getgid?.() ?? 0}::/home/me:/bin/sh\n`);
    expect((await readClientFile(file, home, process.getuid?.(), { ...accounts, getent: found.getent })).text).toBeUndefined();
  });

  it('is asked of getent only by a decimal id', async () => {
    expect(await runGetent('group', -1)).toBeUndefined();
    expect(await runGetent('passwd', 1.5)).toBeUndefined();
    expect(await runGetent('group', Number.NaN)).toBeUndefined();
  });
});

/** A home whose client folder its group may write, and lists of accounts saying who is in that group. */
function groupWritable(members: string): { home: string; file: string; accounts: { group: string; passwd: string } } {
  const home = mkdtempSync(path.join(tmpdir(), 'cs-group-'));
  mkdirSync(path.join(home, '.cursor'));
  chmodSync(path.join(home, '.cursor'), 0o770);
  const uid = process.getuid?.() ?? 0;
  const gid = process.getgid?.() ?? 0;
  const lists = mkdtempSync(path.join(tmpdir(), 'cs-accounts-'));
  const accounts = { group: path.join(lists, 'group'), passwd: path.join(lists, 'passwd') };
  writeFileSync(accounts.passwd, `me:x:${uid}:${gid}::/home/me:/bin/sh\nother:x:${uid + 1}:${gid + 1}::/home/other:/bin/sh\n`);
  writeFileSync(accounts.group, `mine:x:${gid}:${members}\n`);
  return { home, file: path.join(home, '.cursor', 'mcp.json'), accounts };
}

describe.skipIf(process.platform === 'win32')('a client folder its group may write', () => {
  it('is yours alone when the group has no other member (a user private group, umask 002)', async () => {
    const { home, file, accounts } = groupWritable('me');
    expect((await readClientFile(file, home, process.getuid?.(), accounts)).text).toBeUndefined();
  });

  it('is refused, naming the others, when another account is in the group; and when the group is not listed', async () => {
    const shared = groupWritable('me,other');
    const folder = path.join(realpathSync(shared.home), '.cursor');
    await expect(readClientFile(shared.file, shared.home, process.getuid?.(), shared.accounts)).rejects.toMatchObject({
      code: 'denied',
      message: `${folder} can be written by its group mine, which has other members (other); ${shared.file} is not written there`,
    });
    const unlisted = groupWritable('me');
    writeFileSync(unlisted.accounts.group, 'elsewhere:x:424242:\n');
    await expect(readClientFile(unlisted.file, unlisted.home, process.getuid?.(), unlisted.accounts)).rejects.toMatchObject({
      message: `${path.join(realpathSync(unlisted.home), '.cursor')} can be written by its group ${process.getgid?.()}, whose members cannot be told (it is not in ${unlisted.accounts.group}); ${unlisted.file} is not written there`,
    });
    const gone = { ...unlisted.accounts, group: path.join(unlisted.home, 'no-group-file') };
    await expect(readClientFile(unlisted.file, unlisted.home, process.getuid?.(), gone)).rejects.toMatchObject({
      message: expect.stringContaining(`whose members cannot be told (${gone.group} or ${gone.passwd} could not be read)`) as unknown,
    });
  });
});
