import { describe, expect, it } from 'vitest';
import { lastUseParts, storeWords, usersOf, usesWords } from './store-ref-model';

describe('a store reference in words', () => {
  const uses = [
    { server: 'github', field: 'env.GITHUB_TOKEN' },
    { server: 'notes', field: 'headers.Authorization' },
    { server: 'github', field: 'args[1]' },
  ];

  it('groups its uses by server, each server once', () => {
    expect(usesWords(uses)).toBe('github: env.GITHUB_TOKEN, args[1]; notes: headers.Authorization');
    expect(usersOf({ uses })).toEqual(['github', 'notes']);
  });

  it('names the store and its kind', () => {
    expect(storeWords({ store: 'op', type: 'command' })).toBe('op (a password manager’s command)');
    expect(storeWords({ store: 'work', type: 'unknown' })).toBe('work (no store of that name)');
    expect(storeWords({ store: 'keepassxc', type: 'keepassxc' })).toBe('KeePassXC');
  });

  it('says whether the last read resolved, for whom, and why not', () => {
    expect(lastUseParts({ at: 1, ok: true, server: 'github' })).toEqual({ verb: 'resolved', who: ' for github' });
    expect(lastUseParts({ at: 1, ok: false, problem: 'The secret store "pass" is locked.' })).toEqual({ verb: 'did not resolve', who: ' (a test)', problem: 'The secret store "pass" is locked.' });
  });
});
