import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';
import type { SecretSource } from './secret-source';

const github: SecretSource = { from: 'vault', name: 'GITHUB_TOKEN' };
const signIn: SecretSource = { from: 'sign-in', server: 'linear' };

describe('where a known value came from, and whether it is a former value (Redactor.knownIn)', () => {
  it('keeps a rotated value, redacted and found, as a former value of its secret; the new one is the value', () => {
    const r = new Redactor();
    r.addSecret('ghp_first-value-of-the-secret', github);
    r.addSecret('ghp_second-value-of-the-secret', github);
    expect(r.redact('old ghp_first-value-of-the-secret')).toBe('old [redacted]');
    expect(r.knownIn(['ghp_first-value-of-the-secret'])).toEqual({ source: github, former: true });
    expect(r.knownIn(['ghp_second-value-of-the-secret'])).toEqual({ source: github, former: false });
    // The same value again is no change; set back to the first, the second is the former one.
    r.addSecret('ghp_second-value-of-the-secret', github);
    expect(r.knownIn(['ghp_second-value-of-the-secret'])).toEqual({ source: github, former: false });
    r.addSecret('ghp_first-value-of-the-secret', github);
    expect(r.knownIn(['ghp_first-value-of-the-secret'])).toEqual({ source: github, former: false });
    expect(r.knownIn(['ghp_second-value-of-the-secret'])).toEqual({ source: github, former: true });
  });

  it('takes a value and its parts as one hand-out: a token record and its tokens are all current', () => {
    const r = new Redactor();
    const record = (access: string, refresh: string): string => JSON.stringify({ access_token: access, refresh_token: refresh });
    r.addSecret(record('at-one-0123456789', 'rt-kept-0123456789'), signIn, ['at-one-0123456789', 'rt-kept-0123456789']);
    // The sign-in hands the same tokens again (every call): nothing changes.
    r.addSecret('at-one-0123456789', signIn, ['rt-kept-0123456789']);
    expect(r.knownIn({ a: 'at-one-0123456789' })).toEqual({ source: signIn, former: false });
    expect(r.knownIn({ a: record('at-one-0123456789', 'rt-kept-0123456789') })).toEqual({ source: signIn, former: false });
    // A refresh: a new access token, the refresh token kept.
    r.addSecret('at-two-0123456789', signIn, ['rt-kept-0123456789']);
    expect(r.knownIn({ a: 'at-one-0123456789' })).toEqual({ source: signIn, former: true });
    expect(r.knownIn({ a: 'at-two-0123456789' })).toEqual({ source: signIn, former: false });
    expect(r.knownIn({ a: 'rt-kept-0123456789' })).toEqual({ source: signIn, former: false });
  });

  it('names a value two sources hold by the one it is current in, and a line of a value by its value', () => {
    const r = new Redactor();
    const env: SecretSource = { from: 'env', name: 'SHARED_TOKEN' };
    r.addSecret('shared-value-0123456789', github);
    r.addSecret('shared-value-0123456789', env);
    r.addSecret('another-value-0123456789', github);
    expect(r.knownIn(['shared-value-0123456789'])).toEqual({ source: env, former: false });
    const pem = `-----BEGIN KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END KEY-----`;
    const store: SecretSource = { from: 'store', store: 'pass', name: 'work/key' };
    r.addSecret(pem, store);
    expect(r.knownIn(['MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'])).toEqual({ source: store, former: false });
    expect(r.nameKnown(['MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'])).toEqual(['[secret pass:work/key]']);
  });
});
