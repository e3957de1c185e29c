import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from './redactor';
import { credentialNamed } from './secret-names';

const VALUE = 's3cr3t-V4lue_9';

describe('Redactor: a JSON member judged by the one rule of which name holds a credential', () => {
  it('redacts members no list of names held: any case, any separator, an environment variable’s name', () => {
    const r = new Redactor();
    for (const name of ['db_password', 'clientSecret', 'x-api-key', 'refreshToken', 'PGPASS', 'STRIPEKEY', 'OPENAI_API_KEY_2', 'access_token', 'apiKey', 'token']) {
      expect(r.redact(`{"${name}":"${VALUE}","ok":1}`), name).toBe(`{"${name}":"${REDACTED}","ok":1}`);
      expect(r.redact(`{\n  "${name}": "${VALUE}"\n}`), name).toBe(`{\n  "${name}": "${REDACTED}"\n}`);
    }
  });

  it('keeps members that speak of a credential without holding one: a count, a policy, a word holding the letters', () => {
    const r = new Redactor();
    const json = JSON.stringify({ tokenCount: 5, token_count: '12', keyboard: 'qwerty', passwordPolicy: 'at least 12 characters', max_tokens: 100, tokenLimit: 4096, sortKey: 'name' });
    expect(r.redact(json)).toBe(json);
    for (const name of ['tokenCount', 'keyboard', 'passwordPolicy', 'X-Amz-Credential']) expect(credentialNamed(name), name).toBe(false);
  });

  it('redacts a quoted member whose quoted value starts on the next line, and keeps a header line before another', () => {
    const r = new Redactor();
    expect(r.redact('{\n  "password":\n    "hunter2xyz"\n}')).toBe(`{\n  "password":\n    "${REDACTED}"\n}`);
    expect(r.redact('{"client_secret":\r\n"abc123def"}')).toBe(`{"client_secret":\r\n"${REDACTED}"}`);
    for (const plain of ['X-Api-Token:\n"quoted next line"', '"password":\n  "next": 1', '"password":\n  next line']) expect(r.redact(plain), plain).toBe(plain);
  });

  it('redacts a member of JSON written inside a JSON string, its doubled escapes inside the value', () => {
    const r = new Redactor();
    const inner = (value: string) => JSON.stringify({ body: JSON.stringify({ access_token: value, token_type: 'Bearer' }) });
    for (const value of ['abc123def', 'ab"cd\\ef\nx']) {
      const encoded = JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1);
      expect(r.redact(inner(value)), value).toBe(inner(value).replace(encoded, REDACTED));
      expect(r.redact(inner(value))).not.toContain(encoded);
    }
    expect(r.redact('{"body":"{\\"access_token\\":\\"abc123def\\"}"}')).toBe(`{"body":"{\\"access_token\\":\\"${REDACTED}\\"}"}`);
    const plain = inner('').replace('access_token', 'grant_type');
    expect(r.redact(plain)).toBe(plain);
  });

  it('keeps an escaped quote inside the value redacted, and an empty or referenced value as it is', () => {
    const r = new Redactor();
    expect(r.redact(`{"password":"ab\\"cd","ok":1}`)).toBe(`{"password":"${REDACTED}","ok":1}`);
    expect(r.redact('{"password":"","client_secret":"${secret:CLIENT}"}')).toBe('{"password":"","client_secret":"${secret:CLIENT}"}');
  });

  it('judges the keys of a value redacted whole (redactValue) by the same rule', () => {
    const out = new Redactor().redactValue({ db_pass: 'p1', clientSecret: 'c1', GITHUB_TOKEN: 'g1', publicKey: 'ssh-ed25519 AAAA', tokenCount: '5' });
    expect(out).toEqual({ db_pass: REDACTED, clientSecret: REDACTED, GITHUB_TOKEN: REDACTED, publicKey: 'ssh-ed25519 AAAA', tokenCount: '5' });
  });

  it('hides a key of one lower-case word ending in a credential’s word, and keeps plain keys and signing scopes', () => {
    const secret = { encryptionkey: 'k1', hmackey: 'k2', webhookkey: 'k3', sessionkey: 'k4', jwtkey: 'k5', Encryptionkey: 'k6', monkey: 'k7' };
    expect(new Redactor().redactValue(secret)).toEqual(Object.fromEntries(Object.keys(secret).map((key) => [key, REDACTED])));
    const plain = { publicKey: 'ssh-ed25519 AAAA', sortKey: 'name', cacheKey: 'c', X_CACHE_KEY: 'x', 'X-Amz-Credential': 'AKIAEXAMPLE/20261201', keyboard: 'qwerty', tokenCount: '5' };
    expect(new Redactor().redactValue(plain)).toEqual(plain);
  });
});
