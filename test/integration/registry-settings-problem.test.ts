import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCore } from '../../electron/app';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'registry settings passphrase', PATH: dirname(process.execPath) };

async function homeWith(config: unknown): Promise<string> {
  const home = await passphraseHome(ENV, 'cs-registry-settings-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify(config));
  return home;
}

async function catalogOf(home: string): Promise<unknown> {
  const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...ENV }, vaultProvider: 'passphrase' });
  try {
    return await core.api.registryCatalog({});
  } finally {
    await core.close();
  }
}

// A settings.registries that does not load must not turn into the official registry in its place.
describe('the registry catalog while settings.registries does not load', () => {
  let registry: FixtureRegistry;
  beforeAll(async () => {
    registry = await startFixtureRegistry(0);
  });
  afterAll(async () => {
    await registry.close();
  });

  it.each([['http://user:pw@127.0.0.1:1'], ['file:///etc'], ['https://registry.example/?q=1']])('reads no registry for %s and names the problem', async (bad) => {
    const home = await homeWith({ mcpServers: {}, settings: { registries: [bad] } });
    await expect(catalogOf(home)).rejects.toThrow(/No registry is read until mcp\.json loads: .*settings\.registries/);
  }, 30_000);

  it('servers add --from-registry says settings.registries has a problem instead of asking another registry', async () => {
    const home = await homeWith({ mcpServers: {}, settings: { registries: ['http://user:pw@127.0.0.1:1'] } });
    const added = await runCli(home, ['servers', 'add', 'zz', '--from-registry', 'io.acme/notes'], { env: ENV });
    expect(added.code).not.toBe(0);
    expect(added.stderr).toContain('settings.registries');
    expect(added.stderr).not.toContain('registry.modelcontextprotocol.io');
  }, 60_000);

  it('still reads the registries of a config whose only problem is one server entry', async () => {
    const home = await homeWith({ mcpServers: { broken: { command: 42 } }, settings: { registries: [registry.url] } });
    await expect(catalogOf(home)).resolves.toMatchObject({ registries: [{ base: registry.url }] });
  }, 30_000);

  it('labels registries on one host apart: by port alone, by path when the port is shared', async () => {
    const other = await startFixtureRegistry(0);
    try {
      const home = await homeWith({ mcpServers: {}, settings: { registries: [`${registry.url}/one`, `${registry.url}/two`, other.url] } });
      const { registries } = (await catalogOf(home)) as { registries: Array<{ base: string; label?: string }> };
      const host = new URL(registry.url).host;
      expect(registries.map((r) => r.label)).toEqual([`${host}/one`, `${host}/two`, new URL(other.url).host]);
    } finally {
      await other.close();
    }
  }, 30_000);
});
