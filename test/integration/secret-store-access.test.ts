import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePassStore, type PassFixture } from '../support/pass-store';
import { storeScenario, type StoreScenario } from '../support/secret-store-scenario';

// Issue 34, item 3, and docs/vault.md "On the Access page": the store entries servers name are listed
// with their uses and whether they resolved, through the real pass and gpg; a value crosses the App
// API only when the person reveals it, and each reveal is in the admin log.
const VALUE = 'pass-access-value-3d9b1e';
const NEW_VALUE = 'pass-access-new-value-77c2a0';
const PATH = 'work/github-token';

interface Listed {
  store: string;
  type: string;
  path: string;
  reference: string;
  uses: { server: string; field: string }[];
  lastUse?: { at: number; ok: boolean; server?: string; problem?: string };
  canReveal: boolean;
  canReplace: boolean;
}

describe('secret-store entries on the Access page, with the real pass', () => {
  let store: PassFixture;
  let scenario: StoreScenario;
  const api = async <T>(method: string, input: unknown = {}): Promise<T> => {
    const { body } = await scenario.served.api(method, input);
    if (body.error) throw Object.assign(new Error(body.error.message), body.error);
    return body.result as T;
  };
  const listed = async (): Promise<Listed | undefined> => (await api<Listed[]>('listStoreReferences')).find((r) => r.path === PATH);

  beforeAll(async () => {
    store = makePassStore();
    store.insert(PATH, VALUE);
    scenario = await storeScenario({ reference: `\${secret:pass:${PATH}}`, env: store.env });
    // The server starts (and reads its reference) on the agent's first call.
    expect(await scenario.agentEnv()).toContain('"STORE_VALUE": "[redacted]"');
  }, 90_000);
  afterAll(async () => {
    await scenario?.close();
    store?.close();
  });

  it("lists the entry with its store, the server field that uses it and the server start's resolution, never its value", async () => {
    const all = await api<Listed[]>('listStoreReferences');
    expect(JSON.stringify(all)).not.toContain(VALUE);
    expect(await listed()).toMatchObject({
      store: 'pass',
      type: 'pass',
      reference: `\${secret:pass:${PATH}}`,
      uses: [{ server: 'everything', field: 'env.STORE_VALUE' }],
      lastUse: { ok: true, server: 'everything' },
      canReveal: true,
      canReplace: true,
    });
  });

  it('tests it, reveals it only to the person (logged, the value in no log), and refuses entries no server names', async () => {
    expect(await api('testStoreReference', { store: 'pass', path: PATH })).toMatchObject({ ok: true });
    expect(await api('revealStoreReference', { store: 'pass', path: PATH })).toEqual({ value: VALUE });
    const log = await api<{ method: string; summary: string; outcome: string }[]>('readAdminLog', {});
    expect(log.find((e) => e.method === 'revealStoreReference')).toMatchObject({ outcome: 'ok', summary: `show the value of "${PATH}" in the secret store "pass"` });
    expect(JSON.stringify(log)).not.toContain(VALUE);
    expect(scenario.everythingWritten()).not.toContain(VALUE);
    store.insert('personal/bank', 'not-for-agents');
    await expect(api('revealStoreReference', { store: 'pass', path: 'personal/bank' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(api('testStoreReference', { store: 'pass', path: 'personal/bank' })).rejects.toMatchObject({ code: 'not_found' });
  });

  it('says when it no longer resolves, and resolves again once replaced in pass from the app', async () => {
    execFileSync('pass', ['rm', '--force', PATH], { env: { ...process.env, ...store.env }, stdio: 'ignore' });
    const failed = await api<{ ok: boolean; problem?: string }>('testStoreReference', { store: 'pass', path: PATH });
    expect(failed.ok).toBe(false);
    expect(failed.problem).toContain(`holds no entry at "${PATH}"`);
    expect((await listed())?.lastUse).toMatchObject({ ok: false });
    await api('setStoreSecret', { store: 'pass', path: PATH, value: NEW_VALUE });
    expect(await api('testStoreReference', { store: 'pass', path: PATH })).toMatchObject({ ok: true });
    expect(await api('revealStoreReference', { store: 'pass', path: PATH })).toEqual({ value: NEW_VALUE });
    // pass itself holds it (its first line is the secret).
    expect(execFileSync('pass', ['show', PATH], { env: { ...process.env, ...store.env }, encoding: 'utf8' }).split('\n')[0]).toBe(NEW_VALUE);
  });
});
