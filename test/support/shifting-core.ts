import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createCore, type Core } from '../../electron/app';
import { shiftingServer } from '../fixtures/servers/config';
import { passphraseHome } from './passphrase-home';
import { waitFor } from './server-harness';

export const SHIFTING_PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

/** A core of `home` with `shifting` (shifting-server.ts, `env` its options) added, approved, started and listed once: its pins written. The caller closes it. */
export async function coreWithShifting(home: string, stageFile: string, env: Record<string, string> = {}): Promise<Core> {
  const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...SHIFTING_PASSPHRASE }, vaultProvider: 'passphrase' });
  try {
    await core.api.addServer({ name: 'shifting', config: shiftingServer(stageFile, { env: { SHIFT_FILE: stageFile, ...env } }) });
    await core.api.approveServer({ name: 'shifting' });
    await core.api.connect({ name: 'shifting' });
    await core.pool.tools('shifting');
    return core;
  } catch (error) {
    await core.close();
    throw error;
  }
}

/** `shifting` moved to its next stage (its `shift` tool), until the core holds `count` changes of it for the person. */
export async function shifted(core: Core, count = 4): Promise<void> {
  await core.pool.callTool('shifting', 'shift', {});
  await waitFor('the shifted listing held', async () => ((await core.api.listHeldChanges({ server: 'shifting' })).length >= count ? true : undefined));
}

/**
 * A new passphrase home (`prefix`) with `shifting` at its first stage, added, approved and listed
 * (coreWithShifting); `during` runs with its core, which is closed after. Returns the home and the
 * stage file that moves the server on.
 */
export async function shiftingHome(prefix: string, during: (core: Core) => Promise<unknown>, env: Record<string, string> = {}): Promise<{ home: string; stageFile: string }> {
  const home = await passphraseHome(SHIFTING_PASSPHRASE, prefix);
  const stageFile = join(home, '..', 'stage');
  writeFileSync(stageFile, '1');
  const core = await coreWithShifting(home, stageFile, env);
  try {
    await during(core);
  } finally {
    await core.close();
  }
  return { home, stageFile };
}
