import { describe, expect, it } from 'vitest';
import { MAX_RESULT_DEPTH, nestsDeeperThan, tooDeepResult } from './result-depth';

function nested(depth: number, leaf: unknown = 'x'): unknown {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

describe('nestsDeeperThan', () => {
  it('counts objects and arrays, not scalars', () => {
    expect(nestsDeeperThan('text', 0)).toBe(false);
    expect(nestsDeeperThan(null, 0)).toBe(false);
    expect(nestsDeeperThan({}, 0)).toBe(true);
    expect(nestsDeeperThan({}, 1)).toBe(false);
    expect(nestsDeeperThan(nested(3), 3)).toBe(false);
    expect(nestsDeeperThan(nested(4), 3)).toBe(true);
  });

  it('finds the deep branch beside shallow ones, in arrays and under odd keys', () => {
    const parsed = JSON.parse(`{"content":[{"type":"text"}],"__proto__":${JSON.stringify(nested(10))}}`) as unknown;
    expect(nestsDeeperThan(parsed, 10)).toBe(true);
    expect(nestsDeeperThan(parsed, 11)).toBe(false);
    expect(nestsDeeperThan([1, 'a', { b: [nested(5)] }], 7)).toBe(true);
  });

  it('walks a result 20,000 levels deep without running out of stack', () => {
    expect(nestsDeeperThan(nested(20_000), MAX_RESULT_DEPTH)).toBe(true);
    expect(nestsDeeperThan(nested(MAX_RESULT_DEPTH), MAX_RESULT_DEPTH)).toBe(false);
  });

  it('says whose result and how deep, as the server\'s fault', () => {
    const error = tooDeepResult('hostile', 'tool "nested"');
    expect(error.code).toBe('internal');
    expect(error.message).toBe(`"hostile" answered tool "nested" with a result nested deeper than ${MAX_RESULT_DEPTH} levels`);
    expect(error.hint).toContain("server's maintainers");
  });
});
