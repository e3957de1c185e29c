import { chmodSync, chownSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientFile } from '../../electron/app/client-setup/client-file';
import { runGetent } from '../../electron/app/client-setup/getent';
import { groupOthers, otherGroupMembers } from '../../electron/app/client-setup/group-members';

const gid = process.getgid?.() ?? 0;
const uid = process.getuid?.() ?? 0;

/** Lists of accounts that do not name this process's group: only the name service can tell its members. */
function withoutGroup(): { group: string; passwd: string } {
  const lists = mkdtempSync(path.join(tmpdir(), 'cs-getent-'));
  const files = { group: path.join(lists, 'group'), passwd: path.join(lists, 'passwd') };
  writeFileSync(files.group, '');
  writeFileSync(files.passwd, '');
  return files;
}

/** The real getent (glibc's, as Debian ships it) on this process's own group, listed in /etc/group. */
describe.skipIf(process.platform !== 'linux')('a group looked up with getent', () => {
  it('says what /etc/group and /etc/passwd say of it', async () => {
    const line = await runGetent('group', gid);
    const etcGroup = readFileSync('/etc/group', 'utf8');
    const etcPasswd = readFileSync('/etc/passwd', 'utf8');
    expect(line?.split(':')[2]).toBe(String(gid));
    const fromFiles = await groupOthers(gid, uid, { group: '/etc/group', passwd: '/etc/passwd' });
    const fromGetent = await groupOthers(gid, uid, { ...withoutGroup(), getent: runGetent });
    expect(fromGetent).toEqual(fromFiles);
    expect(fromGetent).toMatchObject({ others: otherGroupMembers(gid, uid, etcGroup, etcPasswd) ?? [] });
  });

  it('decides a client folder its group may write as the files would, and refuses a group getent does not know', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-getent-home-'));
    mkdirSync(path.join(home, '.cursor'));
    chmodSync(path.join(home, '.cursor'), 0o770);
    const file = path.join(home, '.cursor', 'mcp.json');
    const expected = otherGroupMembers(gid, uid, readFileSync('/etc/group', 'utf8'), readFileSync('/etc/passwd', 'utf8')) ?? [];
    const read = readClientFile(file, home, uid, { ...withoutGroup(), getent: runGetent });
    if (expected.length === 0) expect((await read).text).toBeUndefined();
    else await expect(read).rejects.toMatchObject({ message: expect.stringContaining('which has other members') as unknown });
  });

  // Only root can give a folder a group no name service knows.
  it.skipIf(uid !== 0)('refuses a folder whose group getent does not know, saying it was asked', async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-getent-home-'));
    const folder = path.join(home, '.cursor');
    mkdirSync(folder);
    chmodSync(folder, 0o770);
    chownSync(folder, uid, 4_242_424_242);
    expect(await runGetent('group', 4_242_424_242)).toBeUndefined();
    await expect(readClientFile(path.join(folder, 'mcp.json'), home, uid)).rejects.toMatchObject({
      code: 'denied',
      message: expect.stringContaining('`getent group 4242424242` did not find it') as unknown,
      hint: expect.stringContaining('is looked up with `getent`, which is missing here, did not answer for this one, or lists none of the directory accounts (sssd: `enumerate = true`)') as unknown,
    });
  });
});
