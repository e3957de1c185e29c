import { describe, expect, it } from 'vitest';
import type { AdminEntry } from '../../shared/api';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'offline outcomes passphrase' };

/** Activity's "Changes to review", as a person meets it after commands run while the app was closed. */
describe('the review of changes made while the app was closed, by how each ended', () => {
  it('lists a refused command as tried, with why, and an agent made for a client in the Agents screen words', async () => {
    const home = await passphraseHome(ENV, 'cs-offline-outcomes-');
    const first = await runCli(home, ['servers', 'add', 'notes', '--', 'node', 'notes.js'], { env: ENV });
    expect(first.code, first.stderr).toBe(0);
    const again = await runCli(home, ['servers', 'add', 'notes', '--', 'node', 'other.js'], { env: ENV });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('A server named "notes" already exists.');
    const agent = await runCli(home, ['agents', 'add', 'coder', '--servers', '*', '--for', 'claude-code'], { env: ENV });
    expect(agent.code, agent.stderr).toBe(0);

    const served = await startServe(home, [], ENV);
    try {
      const listed = (await served.api('listOfflineChanges', {})).body.result as AdminEntry[];
      const summaries = listed.map((e) => e.summary);
      expect(summaries).toContain('add the server "notes": node notes.js');
      expect(summaries).toContain('add the server "notes": node other.js (tried; it failed: A server named "notes" already exists.)');
      expect(summaries).toContain('add the agent "coder" with every server (names made for → claude-code)');
    } finally {
      await served.stop();
    }
  }, 60_000);
});
