import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeKeepassxcDatabase, type KeepassxcFixture } from '../support/keepassxc-store';
import { storeScenario, textOf, type StoreScenario } from '../support/secret-store-scenario';

// docs/vault.md, "Secret stores": a `${secret:keepassxc:ENTRY}` reaches its server's environment
// through the real keepassxc-cli, the database's password taken from our vault (or the environment).
const VALUE = 'kdbx-entry-value-5c0ffee1';
const ENTRY = 'Work/GitHub token (ci)';

describe('the KeePassXC store, end to end', () => {
  let kdbx: KeepassxcFixture;
  let scenario: StoreScenario;

  beforeAll(async () => {
    kdbx = makeKeepassxcDatabase();
    kdbx.add(ENTRY, VALUE);
    scenario = await storeScenario({
      reference: `\${secret:keepassxc:${ENTRY}}`,
      settings: { secretStores: { keepassxc: { type: 'keepassxc', database: kdbx.database, passwordSecret: 'KDBX_PASSWORD' } } },
      before: async (cli) => {
        const set = await cli(['secrets', 'set', 'KDBX_PASSWORD'], `${kdbx.password}\n`);
        if (set.code !== 0) throw new Error(set.stderr);
      },
    });
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
  });

  it("reaches the server's environment, and the agent sees it redacted", async () => {
    const text = await scenario.agentEnv();
    expect(text).toContain('"STORE_VALUE": "[redacted]"');
    expect(text).not.toContain(VALUE);
    // A call may be served while the server's first listing is still on its way: ready follows it.
    await expect.poll(async () => (await scenario.serverStatus()).state, { timeout: 20_000 }).toBe('ready');
  });

  it('is in no log or file of ours, nor is the database password', async () => {
    // What the server sends back holds it (its whole environment), as the agent sees it.
    expect(await scenario.agentEnv()).not.toContain(VALUE);
    expect(scenario.everythingWritten()).not.toContain(VALUE);
    expect(scenario.everythingWritten()).not.toContain(kdbx.password);
  });
});

describe('a KeePassXC store that cannot be opened', () => {
  let kdbx: KeepassxcFixture;
  let wrong: StoreScenario;

  beforeAll(async () => {
    kdbx = makeKeepassxcDatabase();
    kdbx.add(ENTRY, VALUE);
    // The default store, its database and password from the environment; the password is wrong.
    wrong = await storeScenario({
      reference: `\${secret:keepassxc:${ENTRY}}`,
      env: { CONNECTED_SERVICES_KEEPASSXC_DATABASE: kdbx.database, CONNECTED_SERVICES_KEEPASSXC_PASSWORD: 'not the password' },
    });
  }, 90_000);
  afterAll(async () => {
    await wrong?.close();
  });

  it('a wrong password leaves the server in needs_auth, naming the store and where its password comes from', async () => {
    const call = await wrong.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    // Agents are told the store could not open its database, not where the person keeps it.
    expect(JSON.stringify(call)).toContain('could not open its database');
    expect(JSON.stringify(call)).not.toContain(kdbx.database);
    const status = await wrong.serverStatus();
    expect(status.state).toBe('needs_auth');
    expect(status.lastError?.message).toContain(`The secret store "keepassxc" could not open ${kdbx.database} (`);
    expect(status.lastError?.message).toContain('Invalid credentials');
    expect(status.lastError?.hint).toContain('CONNECTED_SERVICES_KEEPASSXC_PASSWORD');
    expect(wrong.everythingWritten()).not.toContain(VALUE);
  });

  it("doctor names the store's problem for the reference", async () => {
    const doctor = await wrong.cli(['doctor', '--json']);
    expect(doctor.stdout).toContain(`\${secret:keepassxc:${ENTRY}}: The secret store \\"keepassxc\\" could not open`);
    expect(doctor.stdout).not.toContain(VALUE);
  });
});

describe('a KeePassXC reference by the bare title of an entry in a group', () => {
  let kdbx: KeepassxcFixture;
  let bare: StoreScenario;

  beforeAll(async () => {
    kdbx = makeKeepassxcDatabase();
    kdbx.add(ENTRY, VALUE);
    bare = await storeScenario({
      reference: '${secret:keepassxc:GitHub token (ci)}',
      env: { CONNECTED_SERVICES_KEEPASSXC_DATABASE: kdbx.database, CONNECTED_SERVICES_KEEPASSXC_PASSWORD: kdbx.password },
    });
  }, 90_000);
  afterAll(async () => {
    await bare?.close();
  });

  it('tells the person the path from the root, and agents only that there is no such entry', async () => {
    const call = await bare.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    const status = await bare.serverStatus();
    expect(status.lastError?.message).toContain('holds no entry at "GitHub token (ci)"; an entry of that title is at /Work/GitHub token (ci). Paths start at the root: write /Work/GitHub token (ci).');
    expect(textOf(call)).toContain('The secret store "keepassxc" holds no entry at "GitHub token (ci)".');
    const seen = JSON.stringify(call);
    expect(seen).not.toContain('/Work');
    expect(seen).not.toContain(VALUE);
    expect(bare.everythingWritten()).not.toContain(VALUE);
  }, 60_000);
});
