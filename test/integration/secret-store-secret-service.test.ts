import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startKeyringBus, type KeyringBus } from '../support/keyring-bus';
import { startBareSessionBus, type BareBus } from '../support/secret-service';
import { storeScenario, type StoreScenario } from '../support/secret-store-scenario';

// docs/vault.md, "Secret stores": an item another program keeps in the OS Secret Service (here a
// real gnome-keyring on a private session bus) reaches its server's environment as
// `${secret:secret-service:SERVICE/ACCOUNT}`; a locked keyring or no Secret Service at all is the
// store's clear error, with the server in needs_auth.
const VALUE = 'secret-service-item-value-4b1d';

describe('the Secret Service store, end to end', () => {
  let keyring: KeyringBus;
  let scenario: StoreScenario;

  beforeAll(async () => {
    keyring = await startKeyringBus();
    keyring.store('GitHub token', ['service', 'github', 'username', 'octo cat'], VALUE);
    scenario = await storeScenario({ reference: '${secret:secret-service:github/octo cat}', env: keyring.env });
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
    await keyring?.close();
  });

  it("reaches the server's environment, and the agent sees it redacted", async () => {
    const text = await scenario.agentEnv();
    expect(text).toContain('"STORE_VALUE": "[redacted]"');
    expect(text).not.toContain(VALUE);
    // A call may be served while the server's first listing is still on its way: ready follows it.
    await expect.poll(async () => (await scenario.serverStatus()).state, { timeout: 20_000 }).toBe('ready');
    expect(scenario.everythingWritten()).not.toContain(VALUE);
  });

  it('a locked keyring leaves the server in needs_auth at its next start, saying to unlock it', async () => {
    await keyring.relock();
    expect((await scenario.cli(['servers', 'restart', 'everything'])).code).not.toBe(0);
    const status = await scenario.serverStatus();
    expect(status.state).toBe('needs_auth');
    expect(status.lastError?.message).toContain('The secret store "secret-service" is locked');
    expect(status.lastError?.hint).toContain('Unlock your keyring');
    const call = await scenario.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    expect(JSON.stringify(call)).not.toContain(VALUE);
  });
});

describe('no Secret Service on the session bus', () => {
  let bus: BareBus;
  let scenario: StoreScenario;

  beforeAll(async () => {
    bus = await startBareSessionBus();
    scenario = await storeScenario({ reference: '${secret:secret-service:service=github,username=me}', env: { DBUS_SESSION_BUS_ADDRESS: bus.address } });
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
    await bus?.close();
  });

  it('is the store’s error, naming it and what to start', async () => {
    const call = await scenario.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    const status = await scenario.serverStatus();
    expect(status.state).toBe('needs_auth');
    expect(status.lastError?.message).toContain('The secret store "secret-service" cannot reach the Secret Service');
    // secret-tool's own words, which a `secret-tool: ` prefix once had redaction hide.
    expect(status.lastError?.message).not.toContain('[redacted]');
    expect(status.lastError?.hint).toContain('Start your keyring');
  });
});
