import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from './redactor';

describe('Redactor', () => {
  it('removes bearer tokens, authorization headers and query tokens', () => {
    const r = new Redactor();
    expect(r.redact('Authorization: Bearer abc.def-ghi')).not.toContain('abc.def-ghi');
    expect(r.redact('GET https://x.test/cb?code=s3cr3t&state=ok')).toBe(
      `GET https://x.test/cb?code=${REDACTED}&state=ok`,
    );
    expect(r.redact('{"access_token":"tok123","ok":1}')).toBe(`{"access_token":"${REDACTED}","ok":1}`);
    expect(r.redact('GITHUB_TOKEN=ghp_abcdef run')).toBe(`GITHUB_TOKEN=${REDACTED} run`);
  });

  it('stops at the end of the secret, keeping what follows', () => {
    const r = new Redactor();
    expect(r.redact('run(API_KEY=abc123) next')).toBe(`run(API_KEY=${REDACTED}) next`);
    expect(r.redact('server --api-key=abc123 --verbose')).toBe(`server --api-key=${REDACTED} --verbose`);
    expect(r.redact('got token=abc123 from cache')).toBe(`got token=${REDACTED} from cache`);
    expect(r.redact('Authorization: Basic dXNlcjpwYXNz')).toBe(`Authorization: ${REDACTED}`);
  });

  it('removes known secrets wherever they appear and forgets removed ones', () => {
    const r = new Redactor();
    r.addSecret('sentinel-value-42');
    expect(r.redact('failed with sentinel-value-42 in it')).toBe(`failed with ${REDACTED} in it`);
    r.removeSecret('sentinel-value-42');
    expect(r.redact('sentinel-value-42')).toBe('sentinel-value-42');
  });

  it('takes a secret of kilobytes (an RSA-4096 key, a large access token) and redacts it, its variants too', () => {
    const r = new Redactor();
    let seed = 7;
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const body = Array.from({ length: 3200 }, () => alphabet[(seed = (Math.imul(seed, 1103515245) + 12345) & 0x7fffffff) % 64]).join('');
    const pem = `-----BEGIN PRIVATE KEY-----\n${body.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END PRIVATE KEY-----\n`;
    r.addSecret(pem);
    r.addSecret('x'.repeat(40_000));
    expect(r.redact(`read ${pem} done`)).toBe(`read ${REDACTED} done`);
    expect(r.redact(`t=${'X'.repeat(40_000)};`)).not.toMatch(/X{8}/);
  });

  it('redacts a short string it has seen before anew once a secret is added or removed (the memo of short strings)', () => {
    const r = new Redactor();
    const name = 'tool-sentinel-value-43';
    expect(r.redact(name)).toBe(name);
    expect(r.redact(name)).toBe(name);
    r.addSecret('sentinel-value-43');
    expect(r.redact(name)).toBe(`tool-${REDACTED}`);
    r.removeSecret('sentinel-value-43');
    expect(r.redact(name)).toBe(name);
    // Past the memo's size it starts over, still answering right.
    for (let i = 0; i < 3000; i++) expect(r.redact(`name-${i}`)).toBe(`name-${i}`);
    expect(r.redact('token=abcdef')).toBe(`token=${REDACTED}`);
    expect(r.redact('token=abcdef')).toBe(`token=${REDACTED}`);
  });

  it('ignores very short values that would hit ordinary words', () => {
    const r = new Redactor();
    r.addSecret('abc');
    expect(r.redact('abc')).toBe('abc');
  });

  it('redacts values of secret-named keys in nested objects', () => {
    const r = new Redactor();
    const out = r.redactValue({ env: { API_KEY: 'x1', PATH: '/bin', GPG_PASSPHRASE: 'p1' }, list: ['Bearer zzzzzz'] });
    expect(out).toEqual({ env: { API_KEY: REDACTED, PATH: '/bin', GPG_PASSPHRASE: REDACTED }, list: [`Bearer ${REDACTED}`] });
  });
});

describe('Redactor: other forms of known secrets', () => {
  const secret = 'ghp_Sentinel4567890abcdefXYZ';

  it('removes base64, base64url, hex, URL-encoded and upper/lower-case copies', () => {
    const r = new Redactor();
    r.addSecret(secret);
    const bytes = Buffer.from(secret);
    const forms = [
      bytes.toString('base64'),
      bytes.toString('base64url'),
      bytes.toString('hex'),
      bytes.toString('hex').toUpperCase(),
      secret.toUpperCase(),
      secret.toLowerCase(),
    ];
    for (const form of forms) expect(r.redact(`x ${form} y`), form).toBe(`x ${REDACTED} y`);
    const urlSecret = 'p@ss/w0rd?&=+long';
    r.addSecret(urlSecret);
    expect(r.redact(`https://x.test/?a=${encodeURIComponent(urlSecret)}`)).toBe(`https://x.test/?a=${REDACTED}`);
  });

  it('removes the secret inside a longer base64 value, at every alignment', () => {
    const r = new Redactor();
    r.addSecret(secret);
    for (const prefix of ['', 'u', 'us', 'user:']) {
      const encoded = Buffer.from(`${prefix}${secret} and more`).toString('base64');
      const out = r.redact(`Token ${encoded}`);
      expect(out, prefix).toContain(REDACTED);
      // Only the few characters at its edges that mix in the neighbouring bytes are left.
      expect(out).not.toContain(encoded.slice(8, 24));
    }
  });
});

describe('Redactor.removeKnown (what agents are handed)', () => {
  const secret = 'vault-value-7f3a9c21';

  it('removes known secrets and nothing else; a clean value comes back as the same object', () => {
    const r = new Redactor();
    const clean = { content: [{ type: 'text', text: 'Authorization: Bearer abcdef123456' }], structuredContent: { nextPageToken: 'abc123', apiKey: 'shown' } };
    expect(r.removeKnown(clean)).toBe(clean);
    r.addSecret(secret);
    expect(r.removeKnown(clean)).toBe(clean);
    const leaking = { content: [{ type: 'text', text: `env: ${secret} and ${Buffer.from(secret).toString('base64')}` }, { type: 'text', text: 'fine' }], isError: false };
    const out = r.removeKnown(leaking);
    expect(out).toEqual({ content: [{ type: 'text', text: 'env: [redacted] and [redacted]' }, { type: 'text', text: 'fine' }], isError: false });
    // Copied where it changed, never written into.
    expect(leaking.content[0]?.text).toContain(secret);
    expect(out.content[1]).toBe(leaking.content[1]);
  });

  it('keeps a `__proto__` key of parsed JSON as data, and gives nothing from below its depth', () => {
    const r = new Redactor();
    r.addSecret(secret);
    const parsed = JSON.parse(`{"__proto__": {"x": "${secret}"}, "y": 1}`) as Record<string, unknown>;
    const out = r.removeKnown(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"x":"[redacted]"},"y":1}');
    let deep: unknown = secret;
    for (let i = 0; i < 300; i++) deep = [deep];
    expect(JSON.stringify(r.removeKnown(deep))).not.toContain(secret);
  });
});

describe('Redactor: keys are strings an agent reads too', () => {
  const secret = 'vault-value-7f3a9c21';

  it('removeKnown renames a key holding a secret in its place; one that now meets another key takes a number', () => {
    const r = new Redactor();
    r.addSecret(secret);
    const value = { a: 1, [secret]: 'x', [`id-${secret}`]: 'y', '[redacted]': 'own', z: { [secret.toUpperCase()]: 2 } };
    const out = r.removeKnown(value);
    expect(JSON.stringify(out)).toBe('{"a":1,"[redacted] 2":"x","id-[redacted]":"y","[redacted]":"own","z":{"[redacted]":2}}');
    // Clean objects under a renamed one are not copied.
    const clean = { inner: { kept: true } };
    expect((r.removeKnown({ [secret]: clean }) as Record<string, unknown>)['[redacted]']).toBe(clean);
  });

  it('nameKnown names the secret in a key as in a value', () => {
    const r = new Redactor();
    r.addSecret(secret, { from: 'vault', name: 'GITHUB_TOKEN' });
    expect(r.nameKnown({ [secret]: secret })).toEqual({ '[secret GITHUB_TOKEN]': '[secret GITHUB_TOKEN]' });
  });

  it('redactValue redacts keys too, and keeps a `__proto__` key as data', () => {
    const r = new Redactor();
    r.addSecret(secret);
    const parsed = JSON.parse(`{"__proto__": {"${secret}": "v"}, "Bearer abcdef123456": 1}`) as Record<string, unknown>;
    const out = r.redactValue(parsed);
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype);
    expect(JSON.stringify(out)).toBe('{"__proto__":{"[redacted]":"v"},"Bearer [redacted]":1}');
  });
});

describe('Redactor: a known value split across adjacent pieces of a list', () => {
  const SECRET = 'split-known-value-8675309';
  const parts = { parts: [SECRET.slice(0, 9), SECRET.slice(9)] };
  const items = { content: [{ type: 'text', text: `a ${SECRET.slice(0, 9)}` }, { type: 'text', text: SECRET.slice(9) }] };

  it('is replaced in each piece, as the whole value is, by redactValue, removeKnown and nameKnown', () => {
    const r = new Redactor();
    r.addSecret(SECRET, { from: 'vault', name: 'KEY' });
    for (const clean of [r.redactValue(parts), r.removeKnown(parts)]) expect(clean).toEqual({ parts: [REDACTED, REDACTED] });
    expect(r.nameKnown(parts)).toEqual({ parts: ['[secret KEY]', '[secret KEY]'] });
    expect(r.redactValue(items)).toEqual({ content: [{ type: 'text', text: `a ${REDACTED}` }, { type: 'text', text: REDACTED }] });
    expect(r.redactValue({ parts: [SECRET.slice(0, 9), 1, SECRET.slice(9)] })).toEqual({ parts: [SECRET.slice(0, 9), 1, SECRET.slice(9)] });
  });
});
