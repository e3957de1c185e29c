import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { CATALOG, planCatalogServer } from '../../shared/catalog';
import { EVERYTHING } from '../fixtures/servers/config';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'catalog stored secret passphrase' };
const TOKEN = 'github-pat-kept-once-0123456789';

let core: Core | undefined;
afterEach(async () => {
  await core?.close();
  core = undefined;
});

// A catalog entry added with a secret the vault already holds (the screens' "Or a secret already in
// the vault"): the real core takes the plan, stores nothing new, and the program gets the secret.
describe('a catalog entry added with a secret already in the vault', () => {
  it('starts with the stored value in its environment, and no second copy is kept', async () => {
    core = await createCore({ dataDir: join(mkdtempSync(join(tmpdir(), 'cs-catalog-stored-')), 'home'), env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase', demo: false });
    await core.api.setSecret({ name: 'MY_PAT', value: TOKEN });
    const entry = CATALOG.find((e) => e.id === 'github-local');
    if (entry === undefined) throw new Error('no github-local entry');
    const plan = planCatalogServer(entry, 'gh', { stored: { GITHUB_PERSONAL_ACCESS_TOKEN: 'MY_PAT' } });
    expect(plan.secrets).toEqual([]);
    // The entry's own program needs the network: the reference server runs in its place, with the planned environment.
    const config = { ...plan.config, command: process.execPath, args: [EVERYTHING, 'stdio'] };
    const { commandLine } = await core.api.addService({ name: plan.name, config, dryRun: true });
    const added = await core.api.addService({ name: plan.name, config, secrets: plan.secrets, approve: { commandLine: commandLine ?? '' } });
    expect(added.status?.state).toBe('ready');
    const env = JSON.stringify(await core.api.callTool({ server: 'gh', tool: 'get-env', arguments: {} }));
    // The vault's value reached the program (and is redacted on its way back, as every vault value is).
    expect(env).toContain('\\"GITHUB_PERSONAL_ACCESS_TOKEN\\": \\"[redacted]\\"');
    expect(env).not.toContain(TOKEN);
    expect((await core.api.listSecrets({})).map((s) => s.name)).toEqual(['MY_PAT']);
  }, 60_000);
});
