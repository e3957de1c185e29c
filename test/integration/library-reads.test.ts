import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe, type Served } from '../support/serve';
import { EVERYTHING } from '../fixtures/servers/config';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-reads-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const WEATHER = [{ role: 'user', content: { type: 'text', text: "What's weather in Lyon?" } }];

interface Waiting {
  id: string;
  method: string;
}

/** The text of the first document a read answered, and of the base64 blob the reference server serves at `blob/5`. */
async function readBoth(cs: ConnectedServices, server: string): Promise<{ text: string; blob: string; uri: string }> {
  const { resources } = await cs.listResources(server);
  const doc = resources.find((r) => r.uri.endsWith('.md'));
  if (!doc) throw new Error(`${server} lists no markdown resource: ${JSON.stringify(resources.map((r) => r.uri))}`);
  const read = await cs.readResource(server, doc.uri);
  const blob = await cs.readResource(server, 'demo://resource/dynamic/blob/5');
  return { uri: read.contents[0]?.uri ?? '', text: read.contents[0]?.text ?? '', blob: Buffer.from(blob.contents[0]?.blob ?? '', 'base64').toString('utf8') };
}

/** Issue #33 item 1: the library reads resources and gets prompts, in its own process and through a running app. */
describe('the library’s resources and prompts, against the reference server', () => {
  let cs: ConnectedServices | undefined;
  let served: Served | undefined;
  afterEach(async () => {
    await cs?.close();
    await served?.stop();
    cs = served = undefined;
  });

  it('in this process: reads a text resource, a blob from a template, gets a prompt with its arguments; unknown ones are clear errors', async () => {
    cs = await openConnectedServices({
      home: await passphraseHome(ENV, 'cs-library-reads-'),
      env: { ...process.env, ...ENV },
      servers: { mine: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
    });
    expect(cs.mode).toBe('in-process');
    await cs.approveServer('mine');
    expect((await cs.connect('mine')).state).toBe('ready');
    const read = await readBoth(cs, 'mine');
    expect(read.uri).toMatch(/\.md$/);
    expect(read.text.length).toBeGreaterThan(0);
    expect(read.blob).toMatch(/^Resource 5: This is a base64 blob/);
    const prompts = (await cs.listPrompts('mine')).map((p) => p.name);
    expect(prompts).toEqual(expect.arrayContaining(['simple-prompt', 'args-prompt']));
    expect((await cs.getPrompt('mine', 'args-prompt', { city: 'Lyon' })).messages).toEqual(WEATHER);
    expect((await cs.getPrompt('mine', 'simple-prompt')).messages[0]?.role).toBe('user');
    await expect(cs.getPrompt('mine', 'no-such-prompt')).rejects.toThrow();
    await expect(cs.readResource('nosuch', 'demo://resource/dynamic/blob/5')).rejects.toMatchObject({ code: 'not_found' });
    // The input is checked as the App API checks it, before anything runs.
    await expect(cs.readResource('mine', '')).rejects.toMatchObject({ code: 'invalid_input' });
  }, 120_000);

  it('with an app running: each read and prompt waits for the person there, and answers what the app read', async () => {
    const home = await passphraseHome(ENV, 'cs-library-reads-app-');
    served = await startServe(home, [], ENV);
    const app = served;
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV } });
    expect(cs.mode).toBe('app');
    const confirmNext = async (method: string): Promise<void> => {
      const waiting = await eventually(async () => ((await app.api('listConfirmations')).body.result as Waiting[]).find((c) => c.method === method), 30_000);
      expect((await app.api('decideConfirmation', { id: waiting.id, decision: 'confirm' })).body.result).toMatchObject({ outcome: 'confirmed' });
    };
    const blob = cs.readResource('everything', 'demo://resource/dynamic/blob/5');
    await confirmNext('readResource');
    expect(Buffer.from((await blob).contents[0]?.blob ?? '', 'base64').toString('utf8')).toMatch(/^Resource 5: This is a base64 blob/);
    const prompt = cs.getPrompt('everything', 'args-prompt', { city: 'Lyon' });
    await confirmNext('getPrompt');
    expect((await prompt).messages).toEqual(WEATHER);
    // Refused by the person: the library's caller gets the refusal, nothing is read.
    const refused = cs.getPrompt('everything', 'simple-prompt');
    const waiting = await eventually(async () => ((await app.api('listConfirmations')).body.result as Waiting[]).find((c) => c.method === 'getPrompt'), 30_000);
    await app.api('decideConfirmation', { id: waiting.id, decision: 'refuse' });
    await expect(refused).rejects.toMatchObject({ code: 'denied' });
  }, 180_000);
});
