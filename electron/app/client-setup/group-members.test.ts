import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readClientFile } from './client-file';
import { otherGroupMembers } from './group-members';

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
