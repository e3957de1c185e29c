import { describe, expect, it } from 'vitest';
import { matches, shapeOf } from './modern-route-memo-shape';

// The one property the remembered classification relies on (modern-route-memo.ts): a value matches a
// shape only when its JSON text is the text the shape was parsed from.
const stringify = (value: unknown): string | undefined => JSON.stringify(value);

/** JSON texts of envelopes' members, and look-alikes differing in one byte, one order, one type. */
const TEXTS = [
  '{"name":"a","version":"1"}',
  '{"name":"a","version":"2"}',
  '{"name":"b","version":"1"}',
  '{"name":"a","version":1}',
  '{"version":"1","name":"a"}',
  '{"name":"a","version":"1","title":"t"}',
  '{"name":"a"}',
  '{"name":"a","version":"1","__proto__":{"x":1}}',
  '{"__proto__":{"name":"a","version":"1"}}',
  '{"name":"a","version":null}',
  '{"name":"a","version":1e400}',
  '{"name":"a","version":-0}',
  '{"name":"a","version":0}',
  '{"name":"a","version":1.0}',
  '{"name":"a","version":true}',
  '{"name":"a","version":"true"}',
  '{}',
  '[]',
  '[{}]',
  '[[]]',
  '{"0":1}',
  '[1]',
  '{"elicitation":{}}',
  '{"elicitation":[]}',
  '{"elicitation":{"form":{}}}',
  '{"elicitation":{},"sampling":{}}',
  '{"sampling":{},"elicitation":{}}',
  '{"roots":{"listChanged":true}}',
  '{"roots":{"listChanged":false}}',
  '{"roots":{"listChanged":"true"}}',
  '{"roots":{"listChanged":[true]}}',
  '{"10":1,"2":2,"a":3}',
  '{"a":3,"2":2,"10":1}',
  '{"a":1,"a":2}',
  '{"a":2}',
  '"text"',
  '"text "',
  '1',
  'null',
  'true',
];

describe("a remembered envelope's shape", () => {
  it('matches a value exactly when their JSON texts are the same, for every pair of look-alikes', () => {
    for (const remembered of TEXTS) {
      // As the memo makes it: from the remembered value's text.
      const shape = shapeOf(JSON.parse(stringify(JSON.parse(remembered)) ?? ''));
      for (const sent of TEXTS) {
        const value: unknown = JSON.parse(sent);
        const same = stringify(value) === stringify(JSON.parse(remembered));
        // Infinity's text is null's: the shape does not vouch for it (the SDK classifies such a value itself).
        const expected = same && !sent.includes('1e400');
        expect({ remembered, sent, match: matches(value, shape) }).toEqual({ remembered, sent, match: expected });
      }
    }
  });

  it('an absent member matches only an absent one', () => {
    expect(matches(undefined, shapeOf(undefined))).toBe(true);
    expect(matches(null, shapeOf(undefined))).toBe(false);
    expect(matches(undefined, shapeOf(null))).toBe(false);
    expect(matches(undefined, shapeOf({}))).toBe(false);
  });

  it('never matches what it cannot vouch for: inherited or symbol-free look-alikes, other classes, holes', () => {
    const shape = shapeOf(JSON.parse('{"name":"a","version":"1"}'));
    const inherited = Object.create({ version: '1' }) as Record<string, unknown>;
    inherited['name'] = 'a';
    expect(matches(inherited, shape)).toBe(false);
    const polluted = Object.create({ extra: 1 }) as Record<string, unknown>;
    Object.assign(polluted, { name: 'a', version: '1' });
    expect(matches(polluted, shape)).toBe(false);
    expect(matches(new (class { name = 'a'; version = '1'; })(), shape)).toBe(false);
    expect(matches(new Map([['name', 'a']]), shape)).toBe(false);
    expect(matches(Object.assign(Object.create(null) as object, { name: 'a', version: '1' }), shape)).toBe(false);
    // eslint-disable-next-line no-sparse-arrays -- a hole is not a parsed value
    expect(matches([, 1], shapeOf([null, 1]))).toBe(false);
    expect(matches(Object.assign([1], { extra: 2 }), shapeOf([1]))).toBe(true);
    expect(stringify(Object.assign([1], { extra: 2 }))).toBe('[1]');
  });

  it('a deep value against a shallow shape stops at the shape', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(matches(deep, shapeOf({ a: { a: 1 } }))).toBe(false);
  });
});
