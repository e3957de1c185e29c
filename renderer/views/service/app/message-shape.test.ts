import { describe, expect, it } from 'vitest';
import { refusedShape } from './message-shape';

const nested = (depth: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < depth; i += 1) value = [value];
  return value;
};

describe('refusedShape', () => {
  it('counts depth without recursion, arrays and objects alike', () => {
    expect(refusedShape(nested(10), 10, 1000)).toBeUndefined();
    expect(refusedShape({ a: nested(10) }, 10, 1000)).toBe('deep');
    expect(refusedShape(nested(1_000_000), 10, 2_000_000)).toBe('deep');
  });

  it('stops at its count of values: a wide message, and a cycle structured clone kept', () => {
    expect(refusedShape({ list: Array.from({ length: 100 }, () => 0) }, 10, 100)).toBe('large');
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(refusedShape(cycle, 1_000_000, 1000)).toBe('large');
  });

  it('takes a message the browser could not copy (null) or a bare value as unreadable', () => {
    for (const data of [null, undefined, 'text', 3]) expect(refusedShape(data, 10, 10)).toBe('unreadable');
  });
});
