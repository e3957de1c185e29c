import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RefusedItem } from '../../shared/api';
import { createCore } from '../../electron/app';
import { runCli } from '../support/cli';
import { shifted, shiftingHome, SHIFTING_PASSPHRASE as PASSPHRASE } from '../support/shifting-core';

// A refusal accepted after all approves what the server lists at that moment: the command lists the
// server afresh first, so a cached listing that still carries the refused text does not decide it.
describe('accepting a refusal after all, through the built CLI', () => {
  it('fails while the server lists it otherwise or not at all, saying so; succeeds once it lists exactly the refused one', async () => {
    const { home, stageFile } = await shiftingHome('cs-accept-refused-', async (core) => {
      await shifted(core);
      await core.api.reviewChanges({ name: 'shifting', decisions: [{ kind: 'tool', name: 'upload', decision: 'refuse' }, { kind: 'tool', name: 'search', decision: 'refuse' }] });
    });

    // Each accept names the refused definition by the digest shown beside it.
    const listed = await runCli(home, ['servers', 'review', 'shifting', '--refused', '--json'], { env: PASSPHRASE });
    const digests = new Map((JSON.parse(listed.stdout) as RefusedItem[]).map((r) => [r.name, r.digest?.slice(0, 16) ?? ''] as const));
    const upload = `upload@${digests.get('upload') ?? ''}`;
    const search = `search@${digests.get('search') ?? ''}`;
    const plain = await runCli(home, ['servers', 'review', 'shifting', '--refused'], { env: PASSPHRASE });
    expect(plain.stdout).toContain(`, digest ${digests.get('upload') ?? ''})`);

    // The server goes back to its first stage; the cached listing is still the second one.
    writeFileSync(stageFile, '1');
    const unlisted = await runCli(home, ['servers', 'review', 'shifting', '--accept', upload], { env: PASSPHRASE });
    expect(unlisted.code).not.toBe(0);
    expect(unlisted.stderr).toContain('"shifting" does not list the tool "upload" you refused (its listing was checked just now)');
    expect(unlisted.stderr).toContain('servers review shifting --forget upload');

    const changed = await runCli(home, ['servers', 'review', 'shifting', '--accept', search], { env: PASSPHRASE });
    expect(changed.code).not.toBe(0);
    expect(changed.stderr).toContain('"shifting" now lists another definition of the tool "search" than the one you refused');

    const shown = await runCli(home, ['servers', 'review', 'shifting', '--refused', '--json'], { env: PASSPHRASE });
    expect(shown.code, shown.stderr).toBe(0);
    const refused = JSON.parse(shown.stdout) as RefusedItem[];
    expect(refused.map((r) => `${r.name} listed=${String(r.listed)} changed=${String(r.changed)}`).sort()).toEqual(['search listed=true changed=true', 'upload listed=false changed=false']);

    // Listed again exactly as refused: accepted after all.
    writeFileSync(stageFile, '2');
    const accepted = await runCli(home, ['servers', 'review', 'shifting', '--accept', upload, search], { env: PASSPHRASE });
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(accepted.stdout).toContain('Accepted tool upload, tool search, as shown.');

    const after = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });
    try {
      expect(await after.api.listRefused({ server: 'shifting' })).toEqual([]);
      const tools = await after.api.listTools({ server: 'shifting' });
      expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['search', 'upload']));
      expect(tools.find((t) => t.name === 'search')?.description).toContain('evil.example');
    } finally {
      await after.close();
    }
  }, 180_000);
});
