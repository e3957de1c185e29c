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

  it('counts the length of each string and key toward the size, without reading the text', () => {
    expect(refusedShape({ a: 'x'.repeat(90) }, 10, 100)).toBeUndefined();
    expect(refusedShape({ a: 'x'.repeat(100) }, 10, 100)).toBe('large');
    expect(refusedShape({ ['k'.repeat(100)]: 1 }, 10, 100)).toBe('large');
    expect(refusedShape({ list: ['x'.repeat(40), 'y'.repeat(40), 'z'.repeat(40)] }, 10, 100)).toBe('large');
    expect(refusedShape('x'.repeat(101), 10, 100)).toBe('large');
    const huge = 'a'.repeat(64 * 1024 * 1024);
    expect(refusedShape({ jsonrpc: '2.0', method: 'ui/notifications/size-changed', params: { s: huge } }, 68, 256 * 1024)).toBe('large');
  });
});
