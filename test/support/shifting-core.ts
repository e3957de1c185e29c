import { createCore, type Core } from '../../electron/app';
import { shiftingServer } from '../fixtures/servers/config';

export const SHIFTING_PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'correct horse battery staple' };

/** A core of `home` with `shifting` (shifting-server.ts) added, approved, started and listed once: its pins written. The caller closes it. */
export async function coreWithShifting(home: string, stageFile: string): Promise<Core> {
  const core = await createCore({ dataDir: home, demo: false, env: { ...process.env, ...SHIFTING_PASSPHRASE }, vaultProvider: 'passphrase' });
  try {
    await core.api.addServer({ name: 'shifting', config: shiftingServer(stageFile) });
    await core.api.approveServer({ name: 'shifting' });
    await core.api.connect({ name: 'shifting' });
    await core.pool.tools('shifting');
    return core;
  } catch (error) {
    await core.close();
    throw error;
  }
}
