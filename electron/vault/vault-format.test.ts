import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyCheckOf, keyMatches, openPayload, parseVaultFile, sealVaultFile, type VaultHeader } from './vault-format';

const key = randomBytes(32);
const header: VaultHeader = { cipher: 'aes-256-gcm', provider: 'test', params: { a: 1 }, keyCheck: keyCheckOf(key), createdAt: 0 };
const entries = new Map([['srv/tokens', 'plain-secret-value']]);

function opened(bytes: Buffer, withKey = key): Map<string, string> | undefined {
  const parsed = parseVaultFile(bytes);
  if (parsed.kind !== 'ok') return undefined;
  return openPayload(parsed, withKey);
}

describe('vault file format', () => {
  it('round-trips, never holds the plaintext, and uses a new nonce per write', () => {
    const a = sealVaultFile(header, key, entries);
    const b = sealVaultFile(header, key, entries);
    expect(opened(a)).toEqual(entries);
    expect(a.includes(Buffer.from('plain-secret-value'))).toBe(false);
    expect(a.equals(b)).toBe(false);
  });

  it('detects any flipped byte: in the header as corrupt, in the body as failed authentication', () => {
    const bytes = sealVaultFile(header, key, entries);
    for (let i = 0; i < bytes.length; i += 1) {
      const copy = Buffer.from(bytes);
      copy[i] = (copy[i] ?? 0) ^ 0x40;
      expect(opened(copy), `byte ${i}`).toBeUndefined();
    }
  });

  it('tells a wrong key (key check) from damage, and a newer version from both', () => {
    const bytes = sealVaultFile(header, key, entries);
    const parsed = parseVaultFile(bytes);
    expect(parsed.kind === 'ok' && keyMatches(parsed.header, key)).toBe(true);
    expect(parsed.kind === 'ok' && keyMatches(parsed.header, randomBytes(32))).toBe(false);
    const newer = Buffer.from(bytes);
    newer[8] = 9;
    expect(parseVaultFile(newer)).toEqual({ kind: 'newer', version: 9 });
    expect(parseVaultFile(bytes.subarray(0, 40)).kind).toBe('corrupt');
    expect(parseVaultFile(Buffer.from('{"not":"a vault"}')).kind).toBe('corrupt');
  });
});
