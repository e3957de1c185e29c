import { describe, expect, it } from 'vitest';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import { basename } from 'node:path';
import { bundleFolder, deriveInstall } from './install-derive';
import type { ServerDetail } from './server-json';

const REMOTE: ServerDetail = { name: 'io.example/near', description: 'Near', version: '1.0.0', remotes: [{ type: 'streamable-http', url: 'https://ip6-localhost:8443/mcp' }] };
const neverFetched = () => Promise.reject(new Error('nothing is fetched for a remote'));

describe('deriveInstall: a remote of a registry on the internet is judged by where its name leads', () => {
  it('refuses a remote whose name the system answers with this computer (ip6-localhost: ::1), installs one whose name is public', async () => {
    const options = { fetch: neverFetched, dataDir: '/nowhere', registry: 'https://registry.example.test' };
    await expect(deriveInstall(REMOTE, { remote: 0 }, {}, (k) => k, { ...options, resolver: scriptedResolver(['::1']) })).rejects.toMatchObject({
      code: 'denied',
      message: expect.stringContaining('The remote https://ip6-localhost:8443 is refused: ip6-localhost resolves to ::1: it points at this computer') as string,
    });
    const plan = await deriveInstall(REMOTE, { remote: 0 }, {}, (k) => k, { ...options, resolver: scriptedResolver(['203.0.113.7']) });
    expect(plan.config).toMatchObject({ url: 'https://ip6-localhost:8443/mcp' });
  });
});

describe('bundleFolder', () => {
  const hash = 'ab'.repeat(32);
  it('names the full SHA-256 of the bundle, not a prefix a second bundle could match', () => {
    expect(bundleFolder('/data', { ...REMOTE, name: 'io.example/echo' }, hash)).toBe(`/data/bundles/io.example_echo@1.0.0-${hash}`);
  });

  it('stays within a file name\'s 255 bytes with its staging suffix, for the longest name', () => {
    const folder = basename(bundleFolder('/data', { ...REMOTE, name: `io.example/${'n'.repeat(300)}` }, hash));
    expect(folder.endsWith(`-${hash}`)).toBe(true);
    expect(`${folder}.unpacking-${'0'.repeat(12)}`.length).toBeLessThanOrEqual(255);
  });
});
