import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe, type Served } from '../support/serve';
import { EVERYTHING } from '../fixtures/servers/config';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-relative-paths-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

interface Waiting {
  id: string;
  method: string;
  summary: string;
}

/** A server declared in code with a relative path runs in the program's folder through an app started elsewhere, and the person sees that folder. */
describe('relative paths of a program, through an app in another folder', () => {
  let cs: ConnectedServices | undefined;
  let served: Served | undefined;
  afterEach(async () => {
    await cs?.close();
    await served?.stop();
    cs = served = undefined;
  });

  it('records the program’s folder, shows it in the confirmation, and the server starts', async () => {
    const home = await passphraseHome(ENV, 'cs-library-relative-');
    served = await startServe(home, [], ENV, undefined, { cwd: mkdtempSync(join(tmpdir(), 'cs-app-folder-')) });
    const app = served;
    const waiting = async (method: string): Promise<Waiting> =>
      eventually(async () => ((await app.api('listConfirmations')).body.result as Waiting[]).find((c) => c.method === method), 30_000);
    const confirm = async (method: string): Promise<Waiting> => {
      const asked = await waiting(method);
      expect(((await app.api('decideConfirmation', { id: asked.id, decision: 'confirm' })).body.result as { outcome: string }).outcome).toBe('confirmed');
      return asked;
    };
    const script = relative(process.cwd(), EVERYTHING);
    const opening = openConnectedServices({ home, env: { ...process.env, ...ENV }, servers: { rel: { command: process.execPath, args: [script, 'stdio'] } } });
    const declared = await confirm('declareServers');
    expect(declared.summary).toContain(`"rel": cd ${process.cwd()} && ${process.execPath} ${script} stdio`);
    cs = await opening;
    expect(cs.mode).toBe('app');
    const approving = cs.approveServer('rel');
    await confirm('approveServer');
    await approving;
    expect((await cs.connect('rel')).state).toBe('ready');
    expect((await cs.listTools('rel')).map((t) => t.name)).toContain('echo');
  }, 120_000);
});
