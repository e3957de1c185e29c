import { describe, expect, it } from 'vitest';
import { KnownMatcher } from './known-matcher';
import { cutAcrossStrings, cutAcrossTextItems } from './text-item-runs';

const SECRET = 'sk-live-Zq9xW3vB7nM2kL5pR8tY';
const matcher = new KnownMatcher([SECRET]);
const find = (text: string) => matcher.stretches(text);
const text = (t: string) => ({ type: 'text', text: t });

describe('cutAcrossTextItems', () => {
  it('replaces each part of a value split across adjacent text items, keeping what is around it', () => {
    const items = [text(`key: ${SECRET.slice(0, 10)}`), text(SECRET.slice(10, 15)), text(`${SECRET.slice(15)} ok`)];
    expect(cutAcrossTextItems(items, find, '[redacted]')).toEqual([text('key: [redacted]'), text('[redacted]'), text('[redacted] ok')]);
  });

  it('keeps the other members of an item and passes the found value to a replacement function', () => {
    const items = [{ type: 'text', text: SECRET.slice(0, 4), annotations: { priority: 1 } }, text(SECRET.slice(4))];
    expect(cutAcrossTextItems(items, find, (found) => `[${found.length}]`)).toEqual([
      { type: 'text', text: '[28]', annotations: { priority: 1 } },
      text('[28]'),
    ]);
  });

  it('leaves a value within one item, items that are not adjacent text, and a clean result (the same array)', () => {
    const whole = [text(SECRET), text('next')];
    expect(cutAcrossTextItems(whole, find, '[redacted]')).toBe(whole);
    const apart = [text(SECRET.slice(0, 10)), { type: 'image', data: 'AAAA', mimeType: 'image/png' }, text(SECRET.slice(10))];
    expect(cutAcrossTextItems(apart, find, '[redacted]')).toBe(apart);
    const alone = [text(SECRET.slice(0, 10))];
    expect(cutAcrossTextItems(alone, find, '[redacted]')).toBe(alone);
  });

  it('skips empty items inside the run', () => {
    const items = [text(SECRET.slice(0, 10)), text(''), text(SECRET.slice(10))];
    expect(cutAcrossTextItems(items, find, '[redacted]')).toEqual([text('[redacted]'), text(''), text('[redacted]')]);
  });
});

describe('cutAcrossStrings', () => {
  it('replaces each part of a value split across adjacent strings, and leaves parts with anything else between them', () => {
    const items = [1, `key: ${SECRET.slice(0, 10)}`, SECRET.slice(10), 'ok'];
    expect(cutAcrossStrings(items, find, '[redacted]')).toEqual([1, 'key: [redacted]', '[redacted]', 'ok']);
    const apart = [SECRET.slice(0, 10), 7, SECRET.slice(10)];
    expect(cutAcrossStrings(apart, find, '[redacted]')).toBe(apart);
    const whole = [SECRET, 'next'];
    expect(cutAcrossStrings(whole, find, '[redacted]')).toBe(whole);
  });
});
