import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { McpConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import type { Vault } from '../../../shared/vault';
import { FakeChild } from '../../../test/support/fake-child';
import type { Registry } from '../../registry';
import { createSecretStores, StoreUses, type StoreSpawn } from '../../secret-stores';
import { gatherStoreReferences } from './store-references';
import { createStoreReferencesApi } from './store-references-api';

const VALUE = 'op-value-never-listed-5f3c';

const CONFIG: McpConfig = {
  mcpServers: {
    github: { command: 'gh-mcp', args: ['--token', '${secret:op:vaults/work/github}'], env: { GITHUB_TOKEN: '${secret:op:vaults/work/github}', PLAIN: '${secret:LOCAL}' } },
    notes: {
      type: 'http',
      url: 'https://notes.example.test/mcp',
      headers: { Authorization: 'Bearer ${secret:pass:notes/token}', 'X-Vault': '${secret:vault:NOTES}' },
      auth: { type: 'oauth', clientId: 'cs', clientSecret: '${secret:pass:notes/client}' },
    },
    broken: { command: 'x', env: { A: '${secret:op:unterminated' } },
    missing: { command: 'y', env: { K: '${secret:nowhere:some/key}' } },
  },
  settings: { secretStores: { op: { type: 'command', command: 'op', args: ['read', 'op://{path}'] } } },
};

/** `op` as a program that prints VALUE for one path and fails for any other. */
const spawn: StoreSpawn = (_command, args) => {
  const child = new FakeChild();
  const ok = args.includes('op://vaults/work/github');
  setImmediate(() => {
    child.stdout.end(ok ? VALUE : '');
    child.stderr.end(ok ? '' : '[ERROR] item not found');
    setImmediate(() => child.exit(ok ? 0 : 1, null));
  });
  return child as unknown as ChildProcessWithoutNullStreams;
};

function setup(approved = true) {
  const registry = {
    config: () => CONFIG,
    approvals: { status: () => (approved ? 'approved' : 'pending') },
  } as unknown as Registry;
  const uses = new StoreUses(() => 1_900_000_000_000);
  const vault = { get: () => Promise.resolve(undefined) } as unknown as Vault;
  const stores = createSecretStores({ settings: () => CONFIG.settings, vault, env: { PATH: '/usr/bin' }, approval: () => (approved ? 'approved' : 'pending'), spawn, uses });
  return { api: createStoreReferencesApi({ registry, stores, uses }), stores, uses };
}

describe('gatherStoreReferences', () => {
  it("finds each store reference of every server's fields, once per entry with all its uses; vault secrets and broken references are not store entries", () => {
    expect(gatherStoreReferences(CONFIG)).toEqual([
      {
        store: 'op',
        path: 'vaults/work/github',
        reference: '${secret:op:vaults/work/github}',
        uses: [
          { server: 'github', field: 'args[1]' },
          { server: 'github', field: 'env.GITHUB_TOKEN' },
        ],
      },
      { store: 'pass', path: 'notes/token', reference: '${secret:pass:notes/token}', uses: [{ server: 'notes', field: 'headers.Authorization' }] },
      { store: 'pass', path: 'notes/client', reference: '${secret:pass:notes/client}', uses: [{ server: 'notes', field: 'auth.clientSecret' }] },
      { store: 'nowhere', path: 'some/key', reference: '${secret:nowhere:some/key}', uses: [{ server: 'missing', field: 'env.K' }] },
    ]);
  });
});

describe('the store references of the App API', () => {
  it('lists each with its store, abilities and guidance, and no value even after a read', async () => {
    const { api, stores } = setup();
    // The pool's start of github reads it through the same record.
    expect(await stores.resolverFor('github')('op', 'vaults/work/github')).toBe(VALUE);
    const list = await api.listStoreReferences({});
    expect(JSON.stringify(list)).not.toContain(VALUE);
    const op = list.find((r) => r.store === 'op');
    expect(op).toMatchObject({ type: 'command', canReveal: true, canReplace: false, lastUse: { ok: true, server: 'github', at: 1_900_000_000_000 } });
    expect(op?.guidance).toContain('`op`');
    expect(list.find((r) => r.path === 'notes/token')).toMatchObject({ type: 'pass', canReplace: true, canReveal: true });
    expect(list.find((r) => r.path === 'notes/token')?.lastUse).toBeUndefined();
    expect(list.find((r) => r.store === 'nowhere')).toMatchObject({ type: 'unknown', canReveal: false, canReplace: false });
    expect(list.find((r) => r.store === 'nowhere')?.guidance).toContain('secretStores');
  });

  it("tests an entry: a failure is its answer, in the store's words, and the list shows the newest outcome", async () => {
    const { api } = setup();
    expect(await api.testStoreReference({ store: 'op', path: 'vaults/work/github' })).toMatchObject({ ok: true, at: 1_900_000_000_000 });
    const other = { ...CONFIG, mcpServers: { ...CONFIG.mcpServers, other: { command: 'z', env: { Q: '${secret:op:vaults/other}' } } } } as McpConfig;
    const registry = { config: () => other, approvals: { status: () => 'approved' } } as unknown as Registry;
    const { stores, uses } = setup();
    const withOther = createStoreReferencesApi({ registry, stores, uses });
    const result = await withOther.testStoreReference({ store: 'op', path: 'vaults/other' });
    expect(result).toMatchObject({ ok: false });
    expect(result.problem).toContain('item not found');
    expect((await withOther.listStoreReferences({})).find((r) => r.path === 'vaults/other')?.lastUse).toMatchObject({ ok: false });
  });

  it('refuses an entry no configured server names, and a store that does not exist', async () => {
    const { api } = setup();
    await expect(api.testStoreReference({ store: 'op', path: 'vaults/personal/bank' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(api.revealStoreReference({ store: 'op', path: 'vaults/personal/bank' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(api.revealStoreReference({ store: 'nowhere', path: 'some/key' })).rejects.toBeInstanceOf(CodedError);
  });

  it('reveals a named entry to the person, and not while the command store waits for approval', async () => {
    expect(await setup().api.revealStoreReference({ store: 'op', path: 'vaults/work/github' })).toEqual({ value: VALUE });
    const waiting = setup(false);
    await expect(waiting.api.revealStoreReference({ store: 'op', path: 'vaults/work/github' })).rejects.toMatchObject({ code: 'denied' });
    expect((await waiting.api.listStoreReferences({})).find((r) => r.store === 'op')?.canReveal).toBe(false);
  });
});

describe('StoreUses', () => {
  it('keeps the newest outcome per entry and forgets the oldest past its bound', async () => {
    const uses = new StoreUses(() => 5);
    for (let i = 0; i < 1001; i++) await uses.track('s', `p${i}`, undefined, () => Promise.resolve('v'));
    expect(uses.last('s', 'p0')).toBeUndefined();
    expect(uses.last('s', 'p1000')).toEqual({ at: 5, ok: true });
    await uses.track('s', 'p1000', 'srv', () => Promise.resolve(undefined));
    expect(uses.last('s', 'p1000')).toMatchObject({ ok: false, server: 'srv' });
  });
});
