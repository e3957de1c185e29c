import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { networkOf, tableResolver } from '../support/auth-network';

// Through the real core's App API: a link the person clicks (a server's description, a resource
// link) whose host name looks public but resolves to this computer or a private network. Names are
// answered by the core's injected resolver; nothing leaves this computer.

let core: Core | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
});

async function openCore() {
  const resolver = tableResolver({
    'localtest.me': [['127.0.0.1']],
    '127.0.0.1.nip.io': [['127.0.0.1']],
    'mapped.example.test': [['::ffff:7f00:1']],
    'wiki.office.test': [['10.0.0.7']],
    'mcp.office.test': [['10.0.0.5']],
    'docs.example.test': [['203.0.113.7']],
  });
  const opened: string[] = [];
  core = await createCore({
    dataDir: join(mkdtempSync(join(tmpdir(), 'cs-open-link-')), 'home'),
    demo: false,
    vaultProvider: 'memory',
    opener: (url) => Promise.resolve(void opened.push(url)),
    network: { resolver, fetch: networkOf('https://nowhere.invalid', () => 0) },
  });
  // A service on the office network, never connected here: judged remote until it is.
  await core.api.addServer({ name: 'office', config: { type: 'http', url: 'https://mcp.office.test/mcp' } });
  return { api: core.api, opened, resolver };
}

describe('core: openLink looks a link\'s host name up before the browser gets it', () => {
  it('a name resolving to this computer is refused with why; a public one opens; checkOnly opens nothing', async () => {
    const { api, opened, resolver } = await openCore();
    for (const url of ['http://localtest.me:8080/admin', 'https://localtest.me:8443/admin', 'https://127.0.0.1.nip.io/', 'https://mapped.example.test/']) {
      await expect(api.openLink({ url }), url).rejects.toMatchObject({ code: 'denied', message: expect.stringMatching(/^This link was not opened: /) as string });
    }
    await expect(api.openLink({ url: 'https://localtest.me:8443/admin' })).rejects.toMatchObject({
      message: 'This link was not opened: localtest.me resolves to 127.0.0.1: it points at this computer, and the MCP server is not on this computer',
    });
    await api.openLink({ url: 'https://docs.example.test/guide', checkOnly: true });
    expect(opened).toEqual([]);
    await api.openLink({ url: 'https://docs.example.test/guide' });
    expect(opened).toEqual(['https://docs.example.test/guide']);
    expect(resolver.calls).toEqual(expect.arrayContaining(['localtest.me', '127.0.0.1.nip.io', 'mapped.example.test', 'docs.example.test']));
  }, 60_000);

  it('a private name opens for no link no server vouches for, nor for a server never connected, whatever its name resolves to now', async () => {
    const { api, opened } = await openCore();
    await expect(api.openLink({ url: 'https://wiki.office.test/page' })).rejects.toMatchObject({ code: 'denied', message: expect.stringContaining('wiki.office.test resolves to 10.0.0.7') as string });
    // mcp.office.test resolves to 10.0.0.5, but no connection was made there: the server is judged remote
    // (a connected one may link into its network: core-open-link-connected.test.ts).
    await expect(api.openLink({ url: 'https://wiki.office.test/page', server: 'office' })).rejects.toMatchObject({ code: 'denied' });
    expect(opened).toEqual([]);
  }, 60_000);
});
