import { beforeAll, describe, expect, it } from 'vitest';
import { CodedError } from '../../shared/errors';
import { createKeepassxcStore } from '../../electron/secret-stores/keepassxc-store';
import { makeKeepassxcDatabase, type KeepassxcFixture } from '../support/keepassxc-store';

// docs/vault.md, "Secret stores": an entry is named by its path from the database's root, through the
// real keepassxc-cli; a title alone never finds an entry of another group, nor a deleted one.
describe('KeePassXC entry paths', () => {
  let kdbx: KeepassxcFixture;
  const store = () =>
    createKeepassxcStore({ name: 'keepassxc', config: { type: 'keepassxc', database: kdbx.database }, env: { ...process.env, CONNECTED_SERVICES_KEEPASSXC_PASSWORD: kdbx.password }, vaultSecret: () => Promise.resolve(undefined) });

  beforeAll(() => {
    kdbx = makeKeepassxcDatabase();
    kdbx.add('Old/Bank', 'deleted-bank-value');
    kdbx.remove('Old/Bank');
    kdbx.add('Personal/GitHub', 'personal-github-value');
    kdbx.add('Top', 'top-value');
  }, 120_000);

  it("reads an entry by its group path and title, or at the root by its title", async () => {
    expect(await store().get('Personal/GitHub')).toBe('personal-github-value');
    expect(await store().get('/Personal/GitHub')).toBe('personal-github-value');
    expect(await store().get('Top')).toBe('top-value');
  }, 60_000);

  it('finds no entry of another group by its title alone, deleted or not', async () => {
    await expect(store().get('GitHub')).rejects.toMatchObject({ code: 'invalid_config' });
    expect(await store().get('Bank')).toBeUndefined();
    expect(await store().get('Nowhere')).toBeUndefined();
  }, 60_000);

  it('says where an entry of that title is when there is none at the path, never its value nor a deleted one', async () => {
    const error: unknown = await store().get('GitHub').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(CodedError);
    expect((error as CodedError).message).toBe('The secret store "keepassxc" holds no entry at "GitHub"; an entry of that title is at /Personal/GitHub. Paths start at the root: write /Personal/GitHub.');
    expect((error as CodedError).data?.['agentMessage']).toBe('The secret store "keepassxc" holds no entry at "GitHub".');
    expect(JSON.stringify(error)).not.toContain('personal-github-value');
    // Only in the Recycle Bin: a plain miss, no path named.
    expect(await store().get('Old/Bank')).toBeUndefined();
  }, 60_000);

  it('refuses an entry in the Recycle Bin, and lists none', async () => {
    for (const path of ['Recycle Bin/Bank', '/Recycle Bin/Bank', '//Recycle Bin/Bank']) {
      const error: unknown = await store().get(path).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CodedError);
      expect((error as CodedError).code).toBe('denied');
      expect((error as CodedError).message).toContain('Recycle Bin');
      expect((error as CodedError).message).not.toContain('deleted-bank-value');
    }
    expect((await store().list?.())?.sort()).toEqual(['Personal/GitHub', 'Top']);
  }, 60_000);
});
