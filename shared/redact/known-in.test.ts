import { describe, expect, it } from 'vitest';
import { KnownMatcher } from './known-matcher';
import { Redactor } from './redactor';

/** `depth` objects, each inside the one before, `leaf` at the bottom. */
function nested(depth: number, leaf: unknown): unknown {
  let value = leaf;
  for (let i = 0; i < depth; i++) value = { inner: value };
  return value;
}

describe('Redactor.knownIn (an agent\'s arguments checked for a value we hold)', () => {
  const secret = 'ghp_known-in-vault-value-71';
  const made = (): Redactor => {
    const r = new Redactor();
    r.addSecret(secret, { from: 'vault', name: 'GITHUB_TOKEN of github' });
    return r;
  };

  it('names the secret a nested string leaf holds, inside other text, in another case or encoded', () => {
    const r = made();
    expect(r.knownIn({ a: 1, b: [true, null, { c: ['x', `guess ${secret} end`] }] })).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
    expect(r.knownIn({ q: secret.toUpperCase() })).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
    expect(r.knownIn({ q: encodeURIComponent(`a ${secret}`) })).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
    expect(r.knownIn({ q: Buffer.from(`xx${secret}`).toString('base64') })).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
  });

  it('checks keys as well as values: a key reaches the tool too', () => {
    expect(made().knownIn({ [secret]: 1 })).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
  });

  it('finds nothing in a wrong guess, a prefix of the value, or numbers and booleans', () => {
    const r = made();
    expect(r.knownIn({ q: 'ghp_known-in-vault-value-72', p: secret.slice(0, -1), n: 71, t: true })).toBeUndefined();
  });

  it('ignores values shorter than 6 characters, as redaction does', () => {
    const r = new Redactor();
    r.addSecret('abc12', { from: 'vault', name: 'SHORT' });
    expect(r.knownIn({ q: 'abc12' })).toBeUndefined();
    expect(r.redact('abc12')).toBe('abc12');
  });

  it('says a secret nobody named is one, without a label', () => {
    const r = new Redactor();
    r.addSecret('unnamed-token-value-99');
    expect(r.knownIn(['unnamed-token-value-99'])).toEqual({ source: undefined, former: false });
  });

  it('finds a value split across adjacent text items, as an agent reading them joined would', () => {
    const r = made();
    const text = (t: string) => ({ type: 'text', text: t });
    const answer = { role: 'assistant', model: 'm', content: [text(`it is ${secret.slice(0, 9)}`), text(secret.slice(9, 14)), text(`${secret.slice(14)}.`)] };
    expect(r.knownIn(answer)).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
    // Not adjacent text: an image between them, or a run of one.
    expect(r.knownIn([text(secret.slice(0, 9)), { type: 'image', data: 'AAAA', mimeType: 'image/png' }, text(secret.slice(9))])).toBeUndefined();
  });

  it('finds a value split across adjacent plain strings, which a tool may join', () => {
    const r = made();
    expect(r.knownIn({ parts: ['x', secret.slice(0, 9), secret.slice(9)] })).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
    expect(r.knownIn({ parts: [secret.slice(0, 9), 1, secret.slice(9)], a: secret.slice(0, 9), b: secret.slice(9) })).toBeUndefined();
    // Ordinary lists joined hold no value we hold.
    expect(r.knownIn({ tags: ['ghp', 'known', 'in', 'vault'] })).toBeUndefined();
  });

  it('finds nothing when no secret is known', () => {
    expect(new Redactor().knownIn({ q: secret })).toBeUndefined();
  });

  it('walks as deep as redaction walks and no deeper (the bridge refuses arguments past 64 levels first)', () => {
    const r = made();
    expect(r.knownIn(nested(200, secret))).toEqual({ source: { from: 'vault', name: 'GITHUB_TOKEN of github' }, former: false });
    // Past 256 levels redaction passes nothing on; the check returns rather than recursing on.
    expect(r.knownIn(nested(10_000, secret))).toBeUndefined();
  });
});

describe('KnownMatcher.first', () => {
  it('gives the first string found, longest at its place, and undefined when none', () => {
    const m = new KnownMatcher(['abcdef', 'abcdefgh', 'zzzzzz']);
    expect(m.first('.. zzzzzz abcdefgh')).toBe('zzzzzz');
    expect(m.first('xx ABCDEFGH')).toBe('abcdefgh');
    expect(m.first('abcde zzzzz')).toBeUndefined();
  });
});
