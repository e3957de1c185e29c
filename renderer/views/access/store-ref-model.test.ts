import { describe, expect, it } from 'vitest';
import { lastUseWords, storeWords, usersOf, usesWords } from './store-ref-model';

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
  });

  it('says whether the last read resolved, for whom, and why not', () => {
    expect(lastUseWords(undefined)).toBe('not read since the app started');
    expect(lastUseWords({ at: 1, ok: true, server: 'github' })).toBe('resolved for github');
    expect(lastUseWords({ at: 1, ok: false, problem: 'The secret store "pass" is locked.' })).toBe('did not resolve (a test): The secret store "pass" is locked.');
  });
});
