import { describe, expect, it } from 'vitest';
import { isStrictJson } from './json-strict';

function accepts(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

const CASES = [
  '{}', '[]', '""', '0', '-0', '1.5e+3', '1E2', 'true', 'null', ' {"a" : [1, {"b": null}] } ', '{"a":"\\u00e9\\n\\"\\\\\\/"}', '\t\r\n{}\n',
  '', ' ', '{', '}', '{"a"}', '{"a":}', '{"a":1,}', '[1,]', '[,1]', '{,}', '{"a":1 "b":2}', '{a:1}', "{'a':1}", '01', '-', '1.', '.5', '1e', '1e+', '+1',
  '[1 2]', 'tru', 'truex', 'nul', '[true false]', '{} {}', '{}x', '"a', '"a\nb"', '"\\x"', '"\\u12"', '"\\u12G4"', '"\u0001"', '"\u007f"', '\u00a0{}', '\u000b{}',
  '\uFEFF{}', '{"a":1}/* c */', '// c\n{}', '[[[]]]', '[[]', '[]]', '{"a":{"b":[{}]}}', '"\\', '"\\"', '"\\\\"', 'NaN', 'Infinity', '-Infinity', '0x10', '1_000',
];

describe('strict JSON, told without building a value', () => {
  it('accepts and refuses exactly what JSON.parse does', () => {
    for (const text of CASES) expect([text, isStrictJson(text)]).toEqual([text, accepts(text)]);
  });

  it('agrees with JSON.parse on every one-character change to a document', () => {
    const doc = '{"a": [1, -2.5e3, "x\\"y\\u00e9", true, null], "b": {"c": false, "d": {}}, "e": []}';
    const alphabet = ['{', '}', '[', ']', '"', ':', ',', '\\', ' ', '\n', 'e', '-', '+', '.', '0', '1', 'u', 'n', 't', '\u0000', '\u00a0', ''];
    for (let i = 0; i <= doc.length; i += 1) {
      for (const ch of alphabet) {
        for (const text of [doc.slice(0, i) + ch + doc.slice(i + 1), doc.slice(0, i) + ch + doc.slice(i)]) expect([text, isStrictJson(text)]).toEqual([text, accepts(text)]);
      }
    }
  });

  it('walks nesting far deeper than the call stack allows', () => {
    expect(isStrictJson('['.repeat(200_000) + ']'.repeat(200_000))).toBe(true);
    expect(isStrictJson('['.repeat(200_000) + ']'.repeat(199_999))).toBe(false);
  });
});
