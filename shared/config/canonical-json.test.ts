import { describe, expect, it } from 'vitest';
import { canonicalJson } from './diff';

/** The text as the first release wrote it: pin digests and approval fingerprints on disk are of this. */
function formerCanonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(formerCanonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${formerCanonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('canonicalJson', () => {
  it('sorts keys by code unit and leaves undefined members out', () => {
    expect(canonicalJson({ b: 1, a: [true, null, 'x'], c: undefined, B: { z: {}, y: [] } })).toBe('{"B":{"y":[],"z":{}},"a":[true,null,"x"],"b":1}');
  });

  it('writes, to the byte, what the former version wrote (digests already pinned stay valid)', () => {
    const values: unknown[] = [
      { type: 'object', properties: { q: { type: 'string', enum: ['a', 'é', '😀'] }, '10': 1, '9': 2, Z: 3, _: 4 }, required: ['q'] },
      [undefined, 1, [], {}, [[]], null, 'a"b\\c\n'],
      // eslint-disable-next-line no-sparse-arrays -- a hole, as a hand-built array may have
      [1, , 3],
      { fn: () => 1, sym: Symbol('s'), nan: Number.NaN, inf: Infinity, neg: -0, date: new Date(0), map: new Map([[1, 2]]) },
      'plain',
      42,
      null,
      true,
      { nested: { deeper: { deepest: [{ b: 2, a: 1 }, { a: undefined }] } } },
    ];
    for (const value of values) expect(canonicalJson(value)).toBe(formerCanonicalJson(value));
  });
});
