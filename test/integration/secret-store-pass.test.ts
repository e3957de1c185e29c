import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePassStore, type PassFixture } from '../support/pass-store';
import { storeScenario, type StoreScenario } from '../support/secret-store-scenario';

// docs/vault.md, "Secret stores": a `${secret:pass:PATH}` reaches its server's environment through
// the real pass and gpg-agent, and never a log, a file of ours or an agent.
const VALUE = 'pass-store-value-8e1f2a7c';

function referenceCheck(json: string): { status: string; detail?: string; fix?: string } {
  const parsed = JSON.parse(json) as { checks?: { id: string; status: string; detail?: string; fix?: string }[] } | { id: string; status: string }[];
  const checks = Array.isArray(parsed) ? parsed : (parsed.checks ?? []);
  const found = checks.find((check) => check.id === 'references:everything');
  if (!found) throw new Error(`no reference check in ${json}`);
  return found;
}

describe('the pass store, end to end', () => {
  let store: PassFixture;
  let scenario: StoreScenario;

  beforeAll(async () => {
    store = makePassStore();
    store.insert('work/github-token', VALUE);
    // `pass` by its default name, found by PASSWORD_STORE_DIR and GNUPGHOME as pass itself finds them.
    scenario = await storeScenario({ reference: '${secret:pass:work/github-token}', env: store.env });
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
    store?.close();
  });

  it("reaches the server's environment, and the agent sees it redacted", async () => {
    const text = await scenario.agentEnv();
    expect(text).toContain('"STORE_VALUE": "[redacted]"');
    expect(text).not.toContain(VALUE);
    expect(text).not.toContain('${secret:');
    // A call may be served while the server's first listing is still on its way: ready follows it.
    await expect.poll(async () => (await scenario.serverStatus()).state, { timeout: 20_000 }).toBe('ready');
  });

  it('a call holding it waits for the person, the value never shown, and it is in no log or file of ours', async () => {
    // An agent never needs a value the bridge supplies: a call whose arguments hold it is held (SECURITY.md).
    const held = scenario.agent.client.callTool({ name: 'everything__echo', arguments: { message: `got ${VALUE}` } }).catch((error: unknown) => error);
    await expect.poll(async () => (await scenario.cli(['approvals', 'list'])).stdout, { timeout: 20_000 }).toContain('WARNING: held because its arguments hold the value of');
    const listed = await scenario.cli(['approvals', 'list']);
    expect(listed.stdout + listed.stderr).not.toContain(VALUE);
    const logs = await scenario.cli(['logs', 'everything']);
    expect(logs.stdout + logs.stderr).not.toContain(VALUE);
    expect(scenario.everythingWritten()).not.toContain(VALUE);
    void held;
  });

  it('doctor checks the store the reference names', async () => {
    const doctor = await scenario.cli(['doctor', '--json']);
    expect(doctor.stdout).not.toContain(VALUE);
    expect(referenceCheck(doctor.stdout)).toMatchObject({ status: 'ok', detail: '${secret:pass:work/github-token} present' });
  });
});

describe('a locked or missing pass store', () => {
  let store: PassFixture;
  let scenario: StoreScenario;

  beforeAll(async () => {
    store = makePassStore({ locked: true });
    store.insert('work/token', VALUE);
    scenario = await storeScenario({
      reference: '${secret:work:work/token}',
      settings: { secretStores: { work: { type: 'pass', dir: store.env.PASSWORD_STORE_DIR, gnupgHome: store.env.GNUPGHOME } } },
    });
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
    store?.close();
  });

  it('a locked key leaves the server in needs_auth with an error naming the store and what to do', async () => {
    const call = await scenario.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    expect(JSON.stringify(call)).toContain('secret store \\"work\\"');
    const status = await scenario.serverStatus();
    expect(status.state).toBe('needs_auth');
    expect(status.lastError?.message).toContain('The secret store "work" could not decrypt "work/token"');
    expect(status.lastError?.hint).toContain('Unlock your GPG key');
    expect(scenario.everythingWritten()).not.toContain(VALUE);
    const doctor = referenceCheck((await scenario.cli(['doctor', '--json'])).stdout);
    expect(doctor.status).toBe('fail');
    expect(doctor.detail).toContain('${secret:work:work/token}: The secret store "work" could not decrypt');
    expect(doctor.fix).toContain('Unlock your GPG key');
  });
});

describe('a pass store that is not there', () => {
  let scenario: StoreScenario;

  beforeAll(async () => {
    scenario = await storeScenario({ reference: '${secret:pass:work/token}', env: { PASSWORD_STORE_DIR: '/nonexistent/cs-pass-store' } });
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
  });

  it('says so, by name and folder, with the server in needs_auth', async () => {
    const call = await scenario.agent.client.callTool({ name: 'everything__get-env', arguments: {} });
    expect(call.isError).toBe(true);
    const status = await scenario.serverStatus();
    expect(status.state).toBe('needs_auth');
    expect(status.lastError?.message).toContain('The secret store "pass" has no password store at /nonexistent/cs-pass-store');
    expect(status.lastError?.hint).toContain('pass init');
  });
});
