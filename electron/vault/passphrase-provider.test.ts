import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isCodedError } from '../../shared/errors';
import { createPassphraseProvider, DEFAULT_SCRYPT, usualScryptCosts } from './passphrase-provider';

const salt = randomBytes(16).toString('base64');
const provider = () => createPassphraseProvider({ env: { CONNECTED_SERVICES_PASSPHRASE: 'pw' } });
const load = (costs: { N: number; r: number; p: number }) => provider().loadKey({ kdf: 'scrypt', salt, ...costs }, new AbortController().signal);

describe('passphrase provider: scrypt costs from the vault header', () => {
  it('accepts what the product writes, and cheaper N', () => {
    expect(usualScryptCosts(DEFAULT_SCRYPT)).toBe(true);
    expect(usualScryptCosts({ N: 2 ** 18, r: 8, p: 1 })).toBe(true);
    expect(usualScryptCosts({ N: 2 ** 12, r: 8, p: 1 })).toBe(true);
  });

  it.each([
    { N: 2 ** 20, r: 8, p: 16 },
    { N: 2 ** 19, r: 8, p: 1 },
    { N: 2 ** 17, r: 16, p: 1 },
    { N: 2 ** 17, r: 8, p: 2 },
    { N: 2 ** 12, r: 1, p: 1 },
  ])('refuses $N/$r/$p as invalid_config before deriving anything', async (costs) => {
    const error: unknown = await load(costs).catch((caught: unknown) => caught);
    expect(isCodedError(error) && error.code).toBe('invalid_config');
    expect(String(error)).toContain(`The vault header asks for unusual scrypt costs (N=${costs.N}, r=${costs.r}, p=${costs.p})`);
  });

  it('derives a 32-byte key at usual costs', async () => {
    expect((await load({ N: 2 ** 12, r: 8, p: 1 })).length).toBe(32);
  });

  it('refuses to write a new vault at unusual costs', async () => {
    const writer = createPassphraseProvider({ env: { CONNECTED_SERVICES_PASSPHRASE: 'pw' }, scrypt: { r: 16 } });
    await expect(writer.createKey(new AbortController().signal)).rejects.toThrow(/unusual scrypt costs/);
  });
});
