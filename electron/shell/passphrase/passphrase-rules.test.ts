import { describe, expect, it } from 'vitest';
import { judgePassphraseMessage, passphraseMode } from './passphrase-rules';

describe('passphrase dialog rules', () => {
  it('creates a vault when none exists, unlocks one that does', () => {
    expect(passphraseMode(false)).toBe('create');
    expect(passphraseMode(true)).toBe('unlock');
  });

  it('unlocks with any non-empty passphrase', () => {
    expect(judgePassphraseMessage({ action: 'submit', passphrase: 'x' }, 'unlock')).toEqual({ reply: { ok: true }, outcome: { type: 'submit', passphrase: 'x' } });
    expect(judgePassphraseMessage({ action: 'submit', passphrase: '' }, 'unlock')).toMatchObject({ reply: { ok: false }, outcome: null });
  });

  it('asks for a long enough passphrase, typed twice, for a new vault', () => {
    expect(judgePassphraseMessage({ action: 'submit', passphrase: 'short', confirm: 'short' }, 'create')).toMatchObject({ reply: { ok: false, message: 'Use at least 8 characters.' } });
    expect(judgePassphraseMessage({ action: 'submit', passphrase: 'long enough', confirm: 'long enougH' }, 'create')).toMatchObject({ reply: { ok: false, message: 'The two passphrases differ.' } });
    expect(judgePassphraseMessage({ action: 'submit', passphrase: 'long enough' }, 'create').outcome).toBeNull();
    expect(judgePassphraseMessage({ action: 'submit', passphrase: 'long enough', confirm: 'long enough' }, 'create').outcome).toEqual({ type: 'submit', passphrase: 'long enough' });
  });

  it('cancels, and refuses anything else', () => {
    expect(judgePassphraseMessage({ action: 'cancel' }, 'unlock').outcome).toEqual({ type: 'cancel' });
    for (const message of [null, 'pw', { action: 'submit' }, { action: 'submit', passphrase: 1 }, { action: 'submit', passphrase: 'x'.repeat(1025) }, { action: 'other' }, { action: 'cancel', extra: 1 }]) {
      expect(judgePassphraseMessage(message, 'unlock').outcome, JSON.stringify(message)).toBeNull();
    }
  });
});
