import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCore, type Core } from '../../electron/app';
import { flippingServer } from '../fixtures/servers/config';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { waitFor } from '../support/server-harness';

// Past 500 removed tools the pins forget the oldest, and acceptNewTools stops for that server: the
// person sees why in `servers review`, and only they reset it.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };
const coreOf = (home: string): Promise<Core> => createCore({ dataDir: home, demo: false, env: { ...process.env, ...PASSPHRASE }, vaultProvider: 'passphrase' });

describe('removed tools forgotten, through the built CLI', () => {
  it('shows why new tools wait under acceptNewTools, and --reset-forgotten lets them pass again', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-forgotten-');
    const flipFile = join(home, '..', 'stage');
    writeFileSync(flipFile, 'many');
    const core = await coreOf(home);
    try {
      await core.api.addServer({ name: 'flipping', config: flippingServer(flipFile, { pinning: { acceptNewTools: true } }) });
      await core.api.approveServer({ name: 'flipping' });
      await core.api.connect({ name: 'flipping' });
      await core.pool.tools('flipping');
      // 501 tools removed: one more than are remembered.
      await core.pool.callTool('flipping', 'flip', { stage: 'approved' });
      await waitFor('a removed tool forgotten', async () => ((await core.api.listForgottenRemovals({ server: 'flipping' })).length > 0 ? true : undefined), 60_000);
      expect(await core.api.listForgottenRemovals({ server: 'flipping' })).toEqual([{ server: 'flipping', since: expect.any(Number) as unknown, kinds: ['tool'] }]);
      await core.pool.callTool('flipping', 'flip', { stage: 'fresh' });
      await waitFor('the new tool held', async () => ((await core.api.listHeldChanges({ server: 'flipping' })).length > 0 ? true : undefined), 60_000);
      expect((await core.api.listHeldChanges({ server: 'flipping' })).map((h) => `${h.name} ${h.change}`)).toEqual(['fresh added']);
    } finally {
      await core.close();
    }

    const shown = await runCli(home, ['servers', 'review', 'flipping'], { env: PASSPHRASE });
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('tool fresh (new');
    expect(shown.stdout).toMatch(/Removed tools forgotten since \d{4}-/);
    expect(shown.stdout).toContain('wait for your review even with pinning.acceptNewTools');
    expect(shown.stdout).toContain('connected-services servers review flipping --reset-forgotten');

    // A script reading JSON gets the same list, and the reason on stderr; doctor warns of it with the reset.
    const json = await runCli(home, ['servers', 'review', 'flipping', '--json'], { env: PASSPHRASE });
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as Array<{ name: string }>).map((h) => h.name)).toEqual(['fresh']);
    expect(json.stderr).toMatch(/Removed tools forgotten since \d{4}-/);
    expect(json.stderr).toContain('connected-services servers review flipping --reset-forgotten');
    const doctorSays = async (): Promise<Array<{ id: string; status: string; fix?: string }>> => {
      const doctor = await runCli(home, ['doctor', '--json'], { env: PASSPHRASE });
      return (JSON.parse(doctor.stdout) as Array<{ id: string; status: string; fix?: string }>).filter((c) => c.id.startsWith('forgotten-removals:'));
    };
    expect(await doctorSays()).toEqual([
      expect.objectContaining({ id: 'forgotten-removals:flipping', status: 'warn', fix: expect.stringContaining('connected-services servers review flipping --reset-forgotten') as unknown }),
    ]);

    const reset = await runCli(home, ['servers', 'review', 'flipping', '--reset-forgotten'], { env: PASSPHRASE });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('Reset: pinning.acceptNewTools approves the new tools of flipping again');
    const after = await runCli(home, ['servers', 'review', 'flipping'], { env: PASSPHRASE });
    expect(after.stdout).not.toContain('forgotten');
    const again = await runCli(home, ['servers', 'review', 'flipping', '--reset-forgotten'], { env: PASSPHRASE });
    expect(again.stdout).toContain('flipping has no forgotten removed tools');
    expect(await doctorSays()).toEqual([]);

    // The next listing has acceptNewTools approve the new tool.
    const later = await coreOf(home);
    try {
      await later.api.connect({ name: 'flipping' });
      await later.pool.tools('flipping');
      expect((await later.api.listTools({ server: 'flipping' })).map((t) => t.name)).toContain('fresh');
      expect(await later.api.listHeldChanges({ server: 'flipping' })).toEqual([]);
      expect((await later.api.readAdminLog({})).some((e) => e.method === 'reviewChanges')).toBe(true);
    } finally {
      await later.close();
    }
  }, 240_000);
});
