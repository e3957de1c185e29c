import { describe, expect, it } from 'vitest';
import { Redactor } from './redactor';

const SECRET = 'sk-live-Zq9xW3vB7nM2kL5pR8tY';
const folded = (text: string) => text.match(/.{1,16}/g)?.join('\n') ?? '';

describe('a known value wrapped across lines or split across text items', () => {
  it('is removed wrapped, in results, keys and logs, the wrapped span replaced whole', () => {
    const r = new Redactor();
    r.addSecret(SECRET);
    expect(folded(`token=${SECRET}`)).toBe('token=sk-live-Zq\n9xW3vB7nM2kL5pR8\ntY');
    expect(r.removeKnown({ text: `${folded(`token=${SECRET}`)}\nnext` })).toEqual({ text: 'token=[redacted]\nnext' });
    expect(r.removeKnown({ [`${SECRET.slice(0, 12)}\n  ${SECRET.slice(12)}`]: 1 })).toEqual({ '[redacted]': 1 });
    expect(r.redact(`failed: ${SECRET.slice(0, 12)}\r\n${SECRET.slice(12)}`)).toBe('failed: [redacted]');
  });

  it('is removed wrapped when a shorter known value stands whole inside it (a key id and the whole key)', () => {
    const r = new Redactor();
    r.addSecret('AKIDexample.Zq8rT2vLm9Xw4Np7');
    r.addSecret('AKIDexample');
    expect(r.redact('key: AKIDexample.Zq8rT2\n  vLm9Xw4Np7 end')).toBe('key: [redacted] end');
    expect(r.removeKnown({ text: 'key: AKIDexample.Zq8rT2\n  vLm9Xw4Np7 end' })).toEqual({ text: 'key: [redacted] end' });
  });

  it('is removed in its encoded forms wrapped too (base64 at 16 columns)', () => {
    const r = new Redactor();
    r.addSecret(SECRET);
    const base64 = Buffer.from(`user:${SECRET}`).toString('base64');
    const cleaned = r.removeKnown(`${folded(base64)}\n`);
    expect(cleaned).toMatch(/^[A-Za-z0-9+/]{0,16}\n?\[redacted\]/);
    expect(cleaned.replace(/\n/g, '')).not.toContain(Buffer.from(SECRET).toString('base64').slice(8, 24));
  });

  it('is named and detected wrapped, as when whole', () => {
    const r = new Redactor();
    r.addSecret(SECRET, { from: 'vault', name: 'API_KEY' });
    const wrapped = `${SECRET.slice(0, 14)}\n${SECRET.slice(14)}`;
    expect(r.nameKnown({ a: wrapped })).toEqual({ a: '[secret API_KEY]' });
    expect(r.knownIn({ a: wrapped })).toEqual({ source: { from: 'vault', name: 'API_KEY' }, former: false });
  });

  it('is removed from each adjacent text item it spans, a lone item as before', () => {
    const r = new Redactor();
    r.addSecret(SECRET);
    const split = { content: [{ type: 'text', text: SECRET.slice(0, 10) }, { type: 'text', text: SECRET.slice(10) }] };
    expect(r.removeKnown(split)).toEqual({ content: [{ type: 'text', text: '[redacted]' }, { type: 'text', text: '[redacted]' }] });
    const half = { content: [{ type: 'text', text: SECRET.slice(0, 10) }] };
    expect(r.removeKnown(half)).toBe(half);
  });

  it('leaves values shorter than 12 wrapped, and text with no value unchanged (the same object)', () => {
    const r = new Redactor();
    r.addSecret('abc123xyz9');
    const text = { text: 'abc12\n3xyz9' };
    expect(r.removeKnown(text)).toBe(text);
  });
});
