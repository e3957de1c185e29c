import { describe, expect, it } from 'vitest';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import { deriveInstall } from './install-derive';
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
