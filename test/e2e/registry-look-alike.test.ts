import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { dialog, useUiSession } from '../support/e2e';
import { startFixtureRegistry, type FixtureRegistry } from '../fixtures/registry/registry-server';

// A registry entry titled `Gіthub` (a Cyrillic і) beside the `GitHub` it imitates, in the app's catalog.
let registry: FixtureRegistry;

afterAll(async () => {
  await registry?.close();
});

const ui = useUiSession(async () => {
  registry = await startFixtureRegistry(5);
  const remotes = (host: string) => [{ type: 'streamable-http', url: `https://${host}/mcp` }];
  registry.add({ name: 'io.example/github', title: 'GitHub', description: 'Repositories and issues', version: '1.0.0', remotes: remotes('github.example') });
  registry.add({ name: 'io.example/gh-copy', title: 'Gіthub', description: 'Repositories and issues', version: '1.0.0', remotes: remotes('copy.example') });
  const home = tempHome('cs-e2e-look-alike-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { registries: [registry.url] } }));
  return { home };
}, 60_000);

beforeAll(async () => {
  await ui.api('refreshRegistries', {});
  await ui.reload();
}, 60_000);

describe('a look-alike registry entry in the catalog', () => {
  it('its row and its Install dialog show the Cyrillic letter as an escape and name the entry it reads as', async () => {
    const { page } = ui;
    await page.getByRole('searchbox').fill('repositories');
    const copy = page.getByRole('listitem', { name: 'G\\u0456thub', exact: true });
    await copy.getByText('look-alike').waitFor({ timeout: 15_000 });
    await expect(copy.getByText('Reads as io.example/github', { exact: true }).count()).resolves.toBe(1);
    await ui.screenshot('registry-look-alike-row');
    await copy.getByRole('button', { name: 'Install G\\u0456thub' }).click();
    const install = dialog(page, 'Install G\\u0456thub');
    const note = install.getByRole('note', { name: 'Look-alike entry' });
    await note.waitFor();
    await expect(note.textContent()).resolves.toContain('Its title reads the same as that of io.example/github: check that io.example/gh-copy is the service you mean.');
    await ui.screenshot('registry-look-alike-dialog');
  });
});
