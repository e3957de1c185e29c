import { afterEach, describe, expect, it, vi } from 'vitest';
import { isCodedError } from '../../shared/errors';
import { createEncryptedSealer } from './encrypted-sealer';
import type { KeyProvider } from './key-provider';

/** A provider whose createKey answers only when the test says so. */
function slowProvider(deadlineMs?: number): { provider: KeyProvider; answer(): void } {
  let answer = (): void => undefined;
  const provider: KeyProvider = {
    id: 'slow',
    label: 'slow provider',
    persistent: true,
    ...(deadlineMs === undefined ? {} : { deadlineMs }),
    loadKey: () => Promise.reject(new Error('not used')),
    createKey: () =>
      new Promise((resolve) => {
        answer = () => resolve({ key: new Uint8Array(32).fill(7), params: {} });
      }),
  };
  return { provider, answer: () => answer() };
}

function sealerOf(provider: KeyProvider) {
  return createEncryptedSealer({ file: 'vault.enc', providerFor: () => provider, newProvider: () => Promise.resolve(provider), expected: provider, timeoutMs: 1_000, now: () => 0 });
}

describe('the deadline of a key provider', () => {
  afterEach(() => vi.useRealTimers());

  it('a keychain that does not answer within the bound fails as unavailable', async () => {
    vi.useFakeTimers();
    const slow = slowProvider();
    const sealing = sealerOf(slow.provider).seal(new Map());
    const outcome = sealing.then(() => 'sealed', (error: unknown) => (isCodedError(error) ? error.code : 'other'));
    await vi.advanceTimersByTimeAsync(1_500);
    slow.answer();
    expect(await outcome).toBe('server_unavailable');
  });

  it('a key derivation that declares a longer deadline is not failed by the keychain bound on a busy machine', async () => {
    vi.useFakeTimers();
    const slow = slowProvider(60_000);
    const sealing = sealerOf(slow.provider).seal(new Map());
    const outcome = sealing.then(() => 'sealed', (error: unknown) => (isCodedError(error) ? error.code : 'other'));
    await vi.advanceTimersByTimeAsync(10_000);
    slow.answer();
    expect(await outcome).toBe('sealed');
  });
});
