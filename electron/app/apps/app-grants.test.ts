import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AppGrants } from './app-grants';

describe('AppGrants', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('allows nothing at first, keeps what the person allowed per server, and revokes by an empty list', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cs-grants-'));
    const grants = new AppGrants(dir);
    expect([...(await grants.allowed('maps'))]).toEqual([]);
    await grants.set('maps', ['geolocation', 'camera', 'camera']);
    expect([...(await grants.allowed('maps'))]).toEqual(['camera', 'geolocation']);
    expect([...(await grants.allowed('other'))]).toEqual([]);
    expect(JSON.parse(await readFile(join(dir, 'app-permissions', 'maps.json'), 'utf8'))).toEqual({ version: 1, allowed: ['camera', 'geolocation'] });
    await grants.set('maps', []);
    expect([...(await grants.allowed('maps'))]).toEqual([]);
  });

  it('counts a file that is not ours as nothing allowed, and refuses a name that is not a server’s', async () => {
    dir = await mkdtemp(join(tmpdir(), 'cs-grants-'));
    await mkdir(join(dir, 'app-permissions'));
    await writeFile(join(dir, 'app-permissions', 'a.json'), JSON.stringify({ version: 1, allowed: ['camera', 'usb'] }));
    await writeFile(join(dir, 'app-permissions', 'b.json'), '{not json');
    const grants = new AppGrants(dir);
    expect([...(await grants.allowed('a'))]).toEqual([]);
    expect([...(await grants.allowed('b'))]).toEqual([]);
    await expect(grants.allowed('../x')).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
