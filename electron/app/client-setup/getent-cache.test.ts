import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GetentDatabase, GetentRunner } from './getent';
import { cachedGetent, GETENT_CACHE_MS } from './getent-cache';
import { groupOthers } from './group-members';

/** A name service with one directory group and account, counting its runs. */
function directory(): { run: GetentRunner; runs: [GetentDatabase, number | undefined][] } {
  const runs: [GetentDatabase, number | undefined][] = [];
  const run: GetentRunner = (database, id) => {
    runs.push([database, id]);
    if (database === 'group') return Promise.resolve(id === 70100 ? 'devs:*:70100:alice,bob\n' : undefined);
    return Promise.resolve(id === undefined || id === 70001 ? 'alice:*:70001:70001::/home/alice:/bin/bash\n' : undefined);
  };
  return { run, runs };
}

describe('getent answers kept a short while', () => {
  const lists = mkdtempSync(path.join(tmpdir(), 'cs-nss-cache-'));
  const files = { group: path.join(lists, 'group'), passwd: path.join(lists, 'passwd') };
  writeFileSync(files.group, 'root:x:0:\n');
  writeFileSync(files.passwd, 'root:x:0:0:root:/root:/bin/bash\n');

  it('two checks of the same group run getent once, and again once the answers are past their time', async () => {
    const { run, runs } = directory();
    const clock = { now: 1_000 };
    const getent = cachedGetent(run, () => clock.now);
    const first = await groupOthers(70100, 70001, { ...files, getent });
    expect(await groupOthers(70100, 70001, { ...files, getent })).toEqual(first);
    expect(first).toEqual({ name: 'devs', others: ['bob'] });
    expect(runs).toEqual([['group', 70100], ['passwd', undefined], ['passwd', 70001]]);
    clock.now += GETENT_CACHE_MS;
    await groupOthers(70100, 70001, { ...files, getent });
    expect(runs).toHaveLength(6);
  });

  it('keeps each database and id apart, a failure too, and shares a run asked for twice at once', async () => {
    const { run, runs } = directory();
    const getent = cachedGetent(run, () => 0);
    expect(await Promise.all([getent('group', 70100), getent('group', 70100)])).toEqual(['devs:*:70100:alice,bob\n', 'devs:*:70100:alice,bob\n']);
    expect(await getent('group', 70001)).toBeUndefined();
    expect(await getent('group', 70001)).toBeUndefined();
    expect(await getent('passwd', 70100)).toBeUndefined();
    expect(runs).toEqual([['group', 70100], ['group', 70001], ['passwd', 70100]]);
  });

  it('keeps nothing for an id that is no account or group number, and at most its bound of answers', async () => {
    const { run, runs } = directory();
    const getent = cachedGetent(run, () => 0, GETENT_CACHE_MS, 2);
    await getent('group', -1);
    await getent('group', -1);
    expect(runs).toHaveLength(2);
    await getent('group', 1);
    await getent('group', 2);
    await getent('group', 3);
    await getent('group', 3);
    await getent('group', 1);
    expect(runs.slice(2).map(([, id]) => id)).toEqual([1, 2, 3, 1]);
  });

  it('a clock set back ends what was kept', async () => {
    const { run, runs } = directory();
    const clock = { now: 50_000 };
    const getent = cachedGetent(run, () => clock.now);
    await getent('passwd');
    clock.now = 10_000;
    await getent('passwd');
    expect(runs).toHaveLength(2);
  });
});
