import { existsSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPassStore } from '../../electron/secret-stores/pass-store';
import { CodedError } from '../../shared/errors';
import { makePassStore, type PassFixture } from '../support/pass-store';

// docs/vault.md, "Secret stores": no path climbs out of its folder, through the real pass and gpg: a
// link in the store (an entry, or a folder on the way) to another store's file is refused.
describe('pass entries that are links out of the store', () => {
  let mine: PassFixture;
  let other: PassFixture;
  const store = () => createPassStore({ name: 'pass', config: { type: 'pass' }, env: { ...process.env, ...mine.env } });

  beforeAll(() => {
    mine = makePassStore();
    other = makePassStore();
    mine.insert('work/token', 'my-token-value');
    other.insert('bank', 'other-store-bank-value');
    symlinkSync(join(other.env.PASSWORD_STORE_DIR, 'bank.gpg'), join(mine.env.PASSWORD_STORE_DIR, 'linked.gpg'));
    symlinkSync(other.env.PASSWORD_STORE_DIR, join(mine.env.PASSWORD_STORE_DIR, 'linkdir'));
    mkdirSync(join(mine.env.PASSWORD_STORE_DIR, 'inner'));
    symlinkSync(join(mine.env.PASSWORD_STORE_DIR, 'work'), join(mine.env.PASSWORD_STORE_DIR, 'inner', 'work-link'));
  }, 120_000);
  afterAll(() => {
    mine?.close();
    other?.close();
  });

  it('reads an entry of the store, and one through a link that stays inside it', async () => {
    expect(await store().get('work/token')).toBe('my-token-value');
    expect(await store().get('inner/work-link/token')).toBe('my-token-value');
  }, 60_000);

  it('refuses an entry or a folder that links out of the store, to read, write or delete', async () => {
    const refusal = async (promise: Promise<unknown>): Promise<CodedError> => {
      const error: unknown = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      if (!(error instanceof CodedError)) throw new Error(`expected a refusal, got ${String(error)}`);
      return error;
    };
    for (const path of ['linked', 'linkdir/bank']) {
      const error = await refusal(store().get(path));
      expect(error.code).toBe('denied');
      expect(error.message).toBe(`The pass entry "${path}" is a link out of the store ${mine.env.PASSWORD_STORE_DIR}: no entry is read or written outside it.`);
      expect(error.message).not.toContain('other-store-bank-value');
    }
    expect((await refusal(store().set?.('linkdir/new', 'x') ?? Promise.resolve())).code).toBe('denied');
    expect((await refusal(store().delete?.('linkdir/bank') ?? Promise.resolve())).code).toBe('denied');
    // A link to nothing yet: pass would create the entry where it points.
    const planted = join(mkdtempSync(join(tmpdir(), 'cs-pass-planted-')), 'planted.gpg');
    symlinkSync(planted, join(mine.env.PASSWORD_STORE_DIR, 'dangling.gpg'));
    expect((await refusal(store().set?.('dangling', 'written-outside') ?? Promise.resolve())).code).toBe('denied');
    expect(existsSync(planted)).toBe(false);
    expect((await refusal(store().get('dangling'))).code).toBe('denied');
    const others = createPassStore({ name: 'other', config: { type: 'pass' }, env: { ...process.env, ...other.env } });
    expect(await others.get('bank')).toBe('other-store-bank-value');
    expect(await others.list?.()).toEqual(['bank']);
  }, 60_000);
});
