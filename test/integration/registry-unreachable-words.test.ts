import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fetchPage } from '../../electron/mcp-registry/page-fetch';
import { fetchServerVersion } from '../../electron/mcp-registry';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'registry unreachable passphrase', PATH: dirname(process.execPath) };
// .invalid never resolves (RFC 6761 §6.4): no network is asked for an answer.
const NOWHERE = 'https://registry.invalid';

// fetch says only "fetch failed"; why (refused, a name that does not resolve) is in its cause.
describe('a registry that cannot be reached says why', () => {
  let stopped: string;
  beforeAll(async () => {
    const registry = await startFixtureRegistry(0);
    stopped = registry.url.replace(/\/$/, '');
    await registry.close();
  });

  it('a page: nothing answers at a stopped registry; a host name that does not resolve names the fix', async () => {
    await expect(fetchPage(fetch, stopped, {})).rejects.toMatchObject({
      code: 'server_unavailable',
      message: `Could not reach the registry at ${stopped} (ECONNREFUSED): nothing answers there.`,
      hint: 'Check the network; the catalog keeps what it had.',
    });
    await expect(fetchPage(fetch, NOWHERE, {})).rejects.toMatchObject({
      message: `Could not reach the registry at ${NOWHERE} (ENOTFOUND): its host name does not resolve.`,
      hint: "Check the network and the registry's host name in settings.registries in mcp.json; the catalog keeps what it had.",
    });
  });

  it('one entry: the same words', async () => {
    await expect(fetchServerVersion(fetch, stopped, 'io.acme/notes', 'latest')).rejects.toMatchObject({
      message: `Could not reach the registry at ${stopped} (ECONNREFUSED): nothing answers there.`,
    });
    await expect(fetchServerVersion(fetch, NOWHERE, 'io.acme/notes', 'latest')).rejects.toMatchObject({
      message: `Could not reach the registry at ${NOWHERE} (ENOTFOUND): its host name does not resolve.`,
      hint: "Check the network and the registry's host name in settings.registries in mcp.json.",
    });
  });

  it('a port fetch never connects to says so, with the fix, for a page, one entry and doctor', async () => {
    // Port 1 is on the Fetch Standard's bad port list (§2.9): undici refuses it before connecting.
    const blocked = 'http://127.0.0.1:1';
    const message = `Could not reach the registry at ${blocked} (bad port): fetch never connects to this port, one the Fetch Standard blocks.`;
    await expect(fetchPage(fetch, blocked, {})).rejects.toMatchObject({
      message,
      hint: 'Serve the registry on another port and change its address in settings.registries in mcp.json; the catalog keeps what it had.',
    });
    await expect(fetchServerVersion(fetch, blocked, 'io.acme/notes', 'latest')).rejects.toMatchObject({
      message,
      hint: 'Serve the registry on another port and change its address in settings.registries in mcp.json.',
    });
  });

  describe('on the command line', () => {
    let home: string;
    beforeAll(async () => {
      home = await passphraseHome(ENV, 'cs-registry-unreachable-');
      writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [stopped, NOWHERE] } }));
    });

    it('registry show and servers add --from-registry say why each registry was not reached', async () => {
      for (const args of [['registry', 'show', 'io.acme/notes@1.0.0'], ['servers', 'add', 'notes', '--from-registry', 'io.acme/notes@1.0.0']]) {
        const failed = await runCli(home, args, { env: ENV });
        const said = failed.stdout + failed.stderr;
        expect(failed.code, said).toBe(7);
        expect(said).toContain(`Could not reach the registry at ${stopped} (ECONNREFUSED): nothing answers there.`);
        expect(said).toContain(`Could not reach the registry at ${NOWHERE} (ENOTFOUND): its host name does not resolve.`);
        expect(said).not.toContain('fetch failed');
      }
    });

    it('registry search says why the catalog could not be fetched', async () => {
      const failed = await runCli(home, ['registry', 'search', 'notes'], { env: ENV });
      const said = failed.stdout + failed.stderr;
      expect(failed.code, said).toBe(7);
      expect(said).toContain(`the last refresh failed: Could not reach the registry at ${stopped} (ECONNREFUSED): nothing answers there.`);
      expect(said).toContain(`the last refresh failed: Could not reach the registry at ${NOWHERE} (ENOTFOUND): its host name does not resolve.`);
      expect(said).not.toContain('fetch failed');
    });
  });
});
