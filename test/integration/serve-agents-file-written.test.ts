import { afterEach, describe, expect, it } from 'vitest';
import { AgentStore } from '../../electron/bridge';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe, type Served } from '../support/serve';
import { openEvents } from '../support/ui-events';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'agents-file-written-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

const agentNames = async (served: Served): Promise<string[]> => ((await served.api('listAgents')).body.result as { name: string }[]).map((a) => a.name);

/**
 * agents.json written by another process while the app runs (this test's, through the store's own lock
 * and atomic write): the app's list and its agentsChanged event follow without any token being checked.
 */
describe('the running app picks up agents.json written by another process', () => {
  let served: Served | undefined;
  afterEach(async () => {
    await served?.stop();
    served = undefined;
  });

  it('lists the new agent and tells the UI (agentsChanged), with no agent connecting', async () => {
    const home = await passphraseHome(ENV, 'cs-agents-file-');
    served = await startServe(home, [], ENV);
    expect(await agentNames(served)).toEqual([]);
    const events = await openEvents(served);
    try {
      // Another process's write: the serve process has no part in it.
      await AgentStore.open({ dataDir: home }).add('written-elsewhere', { servers: ['*'] });
      // The event comes from the folder's watch alone: no call of this test reads the list before it.
      await eventually(() => Promise.resolve(events.text().includes('event: agentsChanged') ? true : undefined), 30_000);
      expect(await agentNames(served)).toEqual(['written-elsewhere']);

      await AgentStore.open({ dataDir: home }).remove('written-elsewhere');
      await eventually(async () => ((await agentNames(served as Served)).length === 0 ? true : undefined), 30_000);
    } finally {
      await events.close();
    }
  }, 120_000);
});
