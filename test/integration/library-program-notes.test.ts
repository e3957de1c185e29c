import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { tempHome } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'library-program-notes-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

// The notes of an agent's configuration and of a client's set-up reached a program as the command
// line words them (`connected-services agents set "reader" --for cursor`), commands it cannot type.
describe('the notes a program gets with an agent configuration and a client set-up', () => {
  let cs: ConnectedServices | undefined;
  afterEach(async () => {
    await cs?.close();
    cs = undefined;
  });

  it('name the calls a program makes, and what a client starts in words', async () => {
    const home = await passphraseHome(ENV, 'cs-library-program-notes-');
    // The clients' files are looked for in a home of the test's own, never the user's.
    const userHome = tempHome('cs-library-program-notes-user-');
    cs = await openConnectedServices({ home, env: { ...process.env, ...ENV, HOME: userHome, USERPROFILE: userHome } });
    await cs.api.addAgent({ name: 'reader', servers: '*' });

    const cursor = await cs.api.agentConfig({ name: 'reader', for: 'cursor' });
    expect(cursor.notes).toEqual(
      expect.arrayContaining([
        'make its names fit cursor\'s prefix: `cs.updateAgent({ name: "reader", client: "cursor" })`',
        expect.stringContaining('reader\'s token (shown once, when it was made; `cs.api.rotateAgent({ name: "reader" })` gives a new one), or give it as agentConfig\'s `token`'),
        expect.stringContaining('`cs.api.connectClient({ agent: "reader", client: "cursor" })` writes no token: the client starts the stdio bridge for agent "reader", which reads it'),
      ]),
    );
    const claude = await cs.api.agentConfig({ name: 'reader', for: 'claude-code' });
    expect(claude.notes).toEqual(expect.arrayContaining([expect.stringContaining('its headersHelper runs the headers helper for agent "reader", which reads the token')]));

    const plan = await cs.api.planClientConnection({ agent: 'reader', client: 'cursor' });
    expect(plan.notes[0]).toMatch(/: make them fit with `cs\.updateAgent\(\{ name: "reader", client: "cursor" \}\)`$/);
    const change = await cs.api.connectClient({ agent: 'reader', client: 'cursor' });
    expect(change.plan.notes[0]).toBe(plan.notes[0]);
    expect(change.plan.file.startsWith(join(userHome, ''))).toBe(true);
    // The helper a client's entry names is worded as agentConfig's notes word it.
    for (const notes of [plan.notes, change.plan.notes]) {
      expect(notes).toEqual(expect.arrayContaining([expect.stringContaining('and Cursor starts the stdio bridge for agent "reader", which reads it each time the client starts it')]));
    }
    const claudePlan = await cs.api.planClientConnection({ agent: 'reader', client: 'claude-code' });
    expect(claudePlan.notes).toEqual(expect.arrayContaining([expect.stringContaining('and Claude Code\'s headersHelper runs the headers helper for agent "reader", which reads it each time')]));

    // What a client is told to run stays as it is: only the notes are a program's.
    expect(cursor.text).toContain('connected-services');
    for (const note of [...(cursor.notes ?? []), ...(claude.notes ?? []), ...plan.notes, ...change.plan.notes, ...claudePlan.notes]) expect(note).not.toMatch(/connected-services (agents|bridge)/);
  }, 120_000);
});
