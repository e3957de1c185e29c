import { describe, expect, it } from 'vitest';
import type { VaultHealth } from '../../../shared/vault';
import { AGENT_TOKENS_NAMESPACE, helperBlocker, keptTokenKey } from './kept-token';

const health = (over: Partial<VaultHealth>): VaultHealth => ({
  fileExists: true,
  provider: 'keychain',
  providerLabel: 'OS keychain',
  persistent: true,
  safety: 'encrypted',
  state: 'ready',
  message: 'ok',
  entryCount: 1,
  corruptFiles: [],
  ...over,
});

describe('where a helper can read the token', () => {
  it('the keychain and the plain file hand it over; memory, a locked vault or a typed passphrase do not', () => {
    expect(helperBlocker(health({}), {})).toBeUndefined();
    expect(helperBlocker(health({ provider: 'insecure-plaintext-file', safety: 'insecure-plaintext' }), {})).toBeUndefined();
    expect(helperBlocker(health({ provider: 'memory', persistent: false, safety: 'memory-only' }), {})).toMatch(/memory only/);
    expect(helperBlocker(health({ state: 'locked' }), {})).toMatch(/locked/);
    expect(helperBlocker(health({ provider: 'passphrase' }), {})).toMatch(/passphrase typed in/);
    expect(helperBlocker(health({ provider: 'passphrase' }), { CONNECTED_SERVICES_PASSPHRASE: 'x' })).toBeUndefined();
  });

  it('keeps each agent under its own key, and refuses a name that is no agent\'s', () => {
    expect(keptTokenKey('my agent')).toEqual({ server: AGENT_TOKENS_NAMESPACE, kind: 'tokens:my agent' });
    for (const bad of ['', '-x', 'a/b', 'a;b', 'x'.repeat(65), '\u0000']) expect(() => keptTokenKey(bad)).toThrow(/not an agent name/);
  });
});
