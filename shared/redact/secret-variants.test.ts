import { describe, expect, it } from 'vitest';
import { REDACTED, Redactor } from './redactor';

// Hostile review: a value with a quote, a backslash, a slash and a non-ASCII letter came back whole
// from a tool that answered JSON, in mixed case, and percent-encoded with lower-case hex.
const SECRET = 'Xy7"qu0te\\back/slash+Z9k2ä';

function holding(secret: string): Redactor {
  const r = new Redactor();
  r.addSecret(secret);
  return r;
}

/** Python's json.dumps (ensure_ascii): every character past ASCII as `\uXXXX`, lower-case hex. */
function pythonDumps(value: unknown): string {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

describe('secret forms', () => {
  const r = holding(SECRET);
  const removed = (text: string): string => r.removeKnown({ text }).text;

  it('takes a value holding a lone surrogate (a config written by hand) and still finds it', () => {
    const odd = new Redactor();
    const value = '\ud800abcdefgh';
    expect(() => odd.addSecret(value)).not.toThrow();
    expect(odd.removeKnown({ text: `token=${value};` }).text).toBe(`token=${REDACTED};`);
    expect(odd.removeKnown({ text: `t=${encodeURIComponent('\ufffdabcdefgh')}` }).text).toBe(`t=${REDACTED}`);
  });

  it('finds the value escaped in JSON, by JSON.stringify, by json.dumps, with \\/ and nested twice', () => {
    const json = JSON.stringify({ config: { password: SECRET } });
    expect(removed(json)).toBe(`{"config":{"password":"${REDACTED}"}}`);
    expect(removed(pythonDumps({ password: SECRET }))).toBe(`{"password":"${REDACTED}"}`);
    expect(removed(pythonDumps({ password: SECRET }).toUpperCase().replace('PASSWORD', 'password'))).toBe(`{"password":"${REDACTED}"}`);
    expect(removed(JSON.stringify({ password: SECRET }).replace(/\//g, '\\/'))).toBe(`{"password":"${REDACTED}"}`);
    expect(removed(JSON.stringify({ text: JSON.stringify({ password: SECRET }) }))).not.toContain('qu0te');
  });

  it('finds control characters escaped as JSON writes them', () => {
    const withNewline = 'line-one\nline-two\u0001';
    const text = JSON.stringify({ v: withNewline });
    expect(holding(withNewline).removeKnown({ text }).text).toBe(`{"v":"${REDACTED}"}`);
  });

  it('finds the value in any case, and percent-encoded with lower-case hex or Python quote', () => {
    const mixed = [...SECRET].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join('');
    expect(removed(`v=${mixed}`)).toBe(`v=${REDACTED}`);
    expect(removed(encodeURIComponent(SECRET).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()))).toBe(REDACTED);
    // urllib.parse.quote: `/` kept as is.
    expect(removed(encodeURIComponent(SECRET).replace(/%2F/g, '/'))).toBe(REDACTED);
    const strict = "it's (a) secret*!";
    const strictEncoded = encodeURIComponent(strict).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
    expect(holding(strict).removeKnown({ t: `q=${strictEncoded}` }).t).toBe(`q=${REDACTED}`);
  });

  it('names the secret as it was added, whatever case it was found in', () => {
    const n = new Redactor();
    n.addSecret('Named-Secret-Value', { from: 'vault', name: 'API_KEY' });
    expect(n.nameKnown({ a: 'x NAMED-secret-VALUE y' })).toEqual({ a: 'x [secret API_KEY] y' });
  });
});

describe('the JSON secret-field pattern', () => {
  it('runs to the closing quote past escaped quotes and backslashes', () => {
    const r = new Redactor();
    expect(r.redact(JSON.stringify({ password: SECRET }))).toBe(`{"password":"${REDACTED}"}`);
    expect(r.redact('{"token":"ends in a backslash\\\\","ok":1}')).toBe(`{"token":"${REDACTED}","ok":1}`);
  });

  it('redacts a value left open to the end, and stays linear on many open fields', () => {
    const r = new Redactor();
    expect(r.redact('{"password":"Xy7\\"cut off')).toBe(`{"password":"${REDACTED}`);
    const many = '"password":"\\"'.repeat(50_000);
    expect(r.redact(many)).not.toContain('\\"\\"');
  });
});
