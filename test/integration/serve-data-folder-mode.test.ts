import { chmodSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

// A folder made with plain `mkdir` for --home is 0755: the vault refuses it (docs/vault.md), and a new
// user learnt so only when a screen failed. serve says it at start, with the command that fixes it.
describe('serve with a data folder other users can read', () => {
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  it('warns at start, naming the chmod that fixes it (POSIX)', async () => {
    if (process.platform === 'win32') return;
    const home = tempHome();
    chmodSync(home, 0o755);
    served = await startServe(home, [], { CONNECTED_SERVICES_PASSPHRASE: 'pw' });
    const warning = await eventually(() => Promise.resolve(served?.stderr().includes('chmod 700') ? served.stderr() : undefined));
    expect(warning).toContain(`warning: the data folder ${home} can be read by other users (mode 755), so the vault will not open there`);
    expect(warning).toContain(`Run: chmod 700 "${home}"`);
  }, 60_000);
});
