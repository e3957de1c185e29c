import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';

const env = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

// doctor and logs found no app through runtime.json and went on as if none ran: doctor opened a core
// beside the app (or failed as any command), logs opened one to check the server's name.
describe('doctor and logs while the app holds the folder but runtime.json is gone', () => {
  it('doctor reports the app it cannot reach, by pid; logs is refused as other commands are', async () => {
    const home = await passphraseHome(env, 'cs-unreachable-doctor-');
    const served = await startServe(home, [], env);
    try {
      rmSync(join(home, 'runtime.json'));
      const doctor = await runCli(home, ['doctor'], { env });
      expect(doctor.code, doctor.stderr).toBe(1);
      expect(doctor.stdout).toContain(`FAIL  App: an app runs (pid ${served.pid}`);
      expect(doctor.stdout).toContain('but runtime.json does not lead to it');
      expect(doctor.stdout).toContain(`fix: Stop it (kill ${served.pid}) and start it again, which writes runtime.json anew, then run doctor again`);
      const json = await runCli(home, ['doctor', '--json'], { env });
      expect(JSON.parse(json.stdout)).toEqual([expect.objectContaining({ id: 'app', status: 'fail' })]);
      const logs = await runCli(home, ['logs', 'nosuch'], { env });
      expect(logs.code, logs.stderr).toBe(4);
      expect(logs.stderr).toContain(`The app for this data folder is already running (pid ${served.pid}`);
      expect(logs.stdout).toBe('');
    } finally {
      await served.stop();
    }
  }, 120_000);
});
