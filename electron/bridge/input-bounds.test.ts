import { describe, expect, it } from 'vitest';
import { ARGUMENT_LIMITS, checkBounds, checkLength, nestsDeeper } from './input-bounds';

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = { a: value };
  return value;
}

const message = (value: unknown, what = 'arguments'): string | undefined => checkBounds(value, what)?.message;

describe('checkBounds', () => {
  it('accepts ordinary arguments, up to each limit', () => {
    expect(checkBounds({ to: 'a@example.test', body: 'hello', tags: ['x', 'y'], n: 1, ok: true, none: null }, 'arguments')).toBeUndefined();
    expect(message(nested(ARGUMENT_LIMITS.depth))).toBeUndefined();
    expect(message({ s: 'x'.repeat(ARGUMENT_LIMITS.stringLength) })).toBeUndefined();
    expect(message({ list: new Array<number>(ARGUMENT_LIMITS.arrayLength).fill(0) })).toBeUndefined();
    expect(message(Object.fromEntries(Array.from({ length: ARGUMENT_LIMITS.keys }, (_, i) => [`k${i}`, i])))).toBeUndefined();
  });

  it('refuses with invalid_input naming the limit and the value', () => {
    const deep = checkBounds(nested(ARGUMENT_LIMITS.depth + 1), 'arguments');
    expect(deep).toMatchObject({ code: 'invalid_input', message: 'arguments nest deeper than 64 levels' });
    expect(deep?.hint).toContain('smaller arguments');
    expect(message({ s: 'x'.repeat(ARGUMENT_LIMITS.stringLength + 1) }, 'prompt arguments')).toBe('a string in prompt arguments is longer than 1,048,576 characters');
    expect(message({ list: new Array<number>(ARGUMENT_LIMITS.arrayLength + 1).fill(0) })).toBe('an array in arguments has more than 10,000 items');
    expect(message(Object.fromEntries(Array.from({ length: ARGUMENT_LIMITS.keys + 1 }, (_, i) => [`k${i}`, i])))).toBe('an object in arguments has more than 1,000 keys');
    // A key is a string too.
    expect(message({ ['k'.repeat(ARGUMENT_LIMITS.stringLength + 1)]: 1 })).toMatch(/^a string in arguments is longer/);
    // Many values each within their limits, too large together.
    const parts = Array.from({ length: 3 }, () => 'x'.repeat(ARGUMENT_LIMITS.stringLength));
    expect(message({ parts })).toBe('arguments are larger than 2,097,152 bytes as JSON');
    expect(message({ many: Array.from({ length: 9_000 }, () => Array.from({ length: 10 }, () => 123456789)) })).toBe('arguments are larger than 2,097,152 bytes as JSON');
  });

  it('walks 2,000,000 levels without recursion (no stack overflow) and stops at the limit', () => {
    expect(() => checkBounds(nested(2_000_000), 'arguments')).not.toThrow();
    expect(message(nested(2_000_000))).toBe('arguments nest deeper than 64 levels');
    let array: unknown = [];
    for (let i = 0; i < 2_000_000; i++) array = [array];
    expect(message({ array })).toBe('arguments nest deeper than 64 levels');
  });
});

describe('checkLength', () => {
  it('refuses a name or URI past its limit, naming it', () => {
    expect(checkLength('x'.repeat(10), 'the resource URI', 10)).toBeUndefined();
    expect(checkLength('x'.repeat(11), 'the resource URI', 10)).toMatchObject({ code: 'invalid_input', message: 'the resource URI is longer than 10 characters' });
    // The hint names the long name, not the arguments (a tester got "send smaller arguments").
    const hint = checkLength('x'.repeat(300), 'the tool name', 256)?.hint ?? '';
    expect(hint).toContain('the tool name');
    expect(hint).toContain('256 characters');
    expect(hint).not.toContain('arguments');
  });
});

describe('nestsDeeper', () => {
  it('counts objects and arrays outside strings, escapes included', () => {
    expect(nestsDeeper('{"a":[{"b":1}]}', 3)).toBe(false);
    expect(nestsDeeper('{"a":[{"b":1}]}', 2)).toBe(true);
    expect(nestsDeeper(JSON.stringify({ s: '[[[[{{{{\\"[[[[' }), 1)).toBe(false);
    expect(nestsDeeper('"\\\\"[[', 1)).toBe(true);
    expect(nestsDeeper(`${'['.repeat(2_000_000)}${']'.repeat(2_000_000)}`, 128)).toBe(true);
    expect(nestsDeeper('not json {', 0)).toBe(true);
  });

  it('answers alike whether the text has more openers than the bound or not (the count before the walk)', () => {
    // Exactly `max` levels, and one more: the count alone decides the first, the walk the second.
    expect(nestsDeeper(`${'{"a":'.repeat(4)}1}}}}`, 4)).toBe(false);
    expect(nestsDeeper(`${'{"a":'.repeat(5)}1}}}}}`, 4)).toBe(true);
    expect(nestsDeeper('[{}, [], {"a": []}]', 3)).toBe(false);
    expect(nestsDeeper('[{}, [], {"a": [[]]}]', 3)).toBe(true);
    // Many openers, none deep: past the count, the walk finds them in strings or side by side.
    expect(nestsDeeper(JSON.stringify({ s: '{'.repeat(300), t: '['.repeat(300) }), 2)).toBe(false);
    expect(nestsDeeper(JSON.stringify(Array.from({ length: 300 }, () => ({}))), 2)).toBe(false);
    expect(nestsDeeper(`["${'['.repeat(10)}", [[[]]]]`, 3)).toBe(true);
  });
});
