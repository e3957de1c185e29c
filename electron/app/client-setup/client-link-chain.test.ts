import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { linksOnTheWay, MAX_LINK_HOPS } from './client-link-chain';

describe('linksOnTheWay', () => {
  it("lists a file's links and its folders' links where each one is, relative targets read from the link's folder", async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-chain-'));
    const real = realpathSync(home);
    mkdirSync(path.join(home, 'dots', 'cfg'), { recursive: true });
    writeFileSync(path.join(home, 'dots', 'cfg', 'real.json'), '{}');
    symlinkSync('cfg/real.json', path.join(home, 'dots', 'l2'));
    symlinkSync('dots', path.join(home, 'd'));
    symlinkSync(path.join(home, 'd', 'l2'), path.join(home, 'l1'));
    expect(await linksOnTheWay(path.join(home, 'l1'), home, real)).toEqual([path.join(real, 'l1'), path.join(real, 'd'), path.join(real, 'dots', 'l2')]);
    expect(await linksOnTheWay(path.join(home, 'dots', 'cfg', 'real.json'), home, real)).toEqual([]);
    // A part not made yet ends the walk: what is there was walked.
    expect(await linksOnTheWay(path.join(home, 'd', 'new', 'x.json'), home, real)).toEqual([path.join(real, 'd')]);
  });

  it(`stops a chain longer than ${MAX_LINK_HOPS} links as a loop`, async () => {
    const home = mkdtempSync(path.join(tmpdir(), 'cs-chain-'));
    writeFileSync(path.join(home, 'end.json'), '{}');
    symlinkSync('end.json', path.join(home, `l${MAX_LINK_HOPS}`));
    for (let i = MAX_LINK_HOPS - 1; i >= 0; i -= 1) symlinkSync(`l${i + 1}`, path.join(home, `l${i}`));
    await expect(linksOnTheWay(path.join(home, 'l0'), home, realpathSync(home))).rejects.toMatchObject({ code: 'ELOOP' });
    expect(await linksOnTheWay(path.join(home, 'l1'), home, realpathSync(home))).toHaveLength(MAX_LINK_HOPS);
  });
});
