import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConnectedServices } from '../../electron/library';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { PASSPHRASE, storeScenario, type StoreScenario } from '../support/secret-store-scenario';

// docs/vault.md, "Secret stores": the store entries the servers name are listed from the command line
// (`secrets stores entries`) and the library (`cs.listStoreReferences`, …) as on the Access page:
// store, path, who uses it, the last resolution; never the value.
const MANAGER = fileURLToPath(new URL('../fixtures/secret-stores/password-manager.mjs', import.meta.url));
const VALUE = 'store-entries-value-5c1e9a';
const PATH = 'op://Private/Notes token/credential';

describe('store entries listed from the command line and the library', () => {
  let scenario: StoreScenario;
  let closed = false;

  beforeAll(async () => {
    const items = join(mkdtempSync(join(tmpdir(), 'cs-entries-')), 'items.json');
    writeFileSync(items, JSON.stringify({ items: { [PATH]: VALUE } }));
    scenario = await storeScenario({
      reference: `\${secret:op:${PATH}}`,
      settings: { secretStores: { op: { type: 'command', command: process.execPath, args: [MANAGER, items, 'read', '{path}'] } } },
      before: async (cli) => {
        const approved = await cli(['secrets', 'stores', 'approve', 'op', '--yes']);
        if (approved.code !== 0) throw new Error(`approve failed: ${approved.stderr}`);
      },
    });
  }, 90_000);
  afterAll(async () => {
    if (!closed) await scenario?.close();
  });

  it('secrets stores entries: the running app says which store, which server field, and that it resolved', async () => {
    expect(await scenario.agentEnv()).toContain('"STORE_VALUE": "[redacted]"');
    const text = await scenario.cli(['secrets', 'stores', 'entries']);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^STORE\s+TYPE\s+PATH\s+USED BY\s+LAST RESOLUTION$/m);
    expect(text.stdout).toMatch(new RegExp(`^op\\s+command\\s+${PATH.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s+everything env\\.STORE_VALUE\\s+resolved \\d+[smhd] ago for everything$`, 'm'));
    const json = await scenario.cli(['secrets', 'stores', 'entries', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([
      expect.objectContaining({ store: 'op', type: 'command', path: PATH, uses: [{ server: 'everything', field: 'env.STORE_VALUE' }], lastUse: expect.objectContaining({ ok: true, server: 'everything' }) as unknown }),
    ]);
    expect(text.stdout + json.stdout).not.toContain(VALUE);
  });

  it('the library lists the stores and the entries and tests one, in its own process; never a value', async () => {
    await scenario.close();
    closed = true;
    const cs = await openConnectedServices({ home: scenario.home, env: { ...process.env, ...PASSPHRASE, CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' } });
    try {
      expect((await cs.listSecretStores()).find((s) => s.name === 'op')).toMatchObject({ type: 'command', approval: 'approved', ok: true });
      const before = await cs.listStoreReferences();
      expect(before).toEqual([expect.objectContaining({ store: 'op', path: PATH, reference: `\${secret:op:${PATH}}` })]);
      // This process has read nothing yet: the last resolution is not known here.
      expect(before[0]?.lastUse).toBeUndefined();
      expect(await cs.testStoreReference('op', PATH)).toMatchObject({ ok: true });
      expect((await cs.listStoreReferences())[0]?.lastUse).toMatchObject({ ok: true });
      await expect(cs.testStoreReference('op', 'op://Private/Other/credential')).rejects.toMatchObject({ code: 'not_found' });
      expect(JSON.stringify([await cs.listStoreReferences(), await cs.listSecretStores()])).not.toContain(VALUE);
    } finally {
      await cs.close();
    }
  });

  it('secrets stores entries with no reference says how one looks', async () => {
    // Its own home with no store reference: the empty answer is a sentence, not an empty table.
    const empty = await runCli(await passphraseHome(PASSPHRASE, 'cs-entries-empty-'), ['secrets', 'stores', 'entries'], { env: PASSPHRASE });
    expect(empty.code, empty.stderr).toBe(0);
    expect(empty.stdout).toContain('No server names a secret-store entry');
  });
});
