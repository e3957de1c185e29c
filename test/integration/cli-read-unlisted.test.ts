import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_SERVER, ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

// `read` of a URI the server does not list waited for a confirmation in the app, then failed; `call`
// and `prompt` refuse an unknown name at once. A server listing no templates is known not to have it.
describe('read, while the app runs, of a URI the server does not list', () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome('cs-read-unlisted-');
    expect((await runCli(home, ['servers', 'add', 'f', '--cwd', ROOT, '--', process.execPath, ...tsEntry(FAULT_SERVER)])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'f', '--yes'])).code).toBe(0);
    served = await startServe(home);
  }, 60_000);
  afterAll(async () => {
    await served.stop();
  });

  it('is refused at once, naming where to look; nothing is asked in the app', async () => {
    const listed = await runCli(home, ['resources', 'f']);
    expect(listed.stdout, listed.stderr).toContain('fixture://hello');
    const before = ((await served.api('listConfirmations')).body.result as unknown[]).length;
    const read = await runCli(home, ['read', 'f', 'fixture://nosuch']);
    expect(read.code, read.stderr).toBe(3);
    expect(read.stderr).toContain('error [not_found]: "f" lists no resource fixture://nosuch; nothing was asked in the app');
    expect(read.stderr).toContain('connected-services resources f');
    expect(((await served.api('listConfirmations')).body.result as unknown[]).length).toBe(before);
    // A listed one still waits for the person, as every read from the command line does.
    expect((await runCli(home, ['read', 'f', 'fixture://hello'])).code).toBe(4);
  }, 60_000);
});
