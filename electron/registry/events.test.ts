import { describe, expect, it } from 'vitest';
import { Emitter } from './events';

describe('Emitter', () => {
  it('delivers to listeners until they unsubscribe, and reports a throwing listener without stopping', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<{ tick: number }>((error) => errors.push(error));
    const seen: number[] = [];
    emitter.on('tick', () => {
      throw new Error('listener bug');
    });
    const off = emitter.on('tick', (n) => seen.push(n));
    emitter.emit('tick', 1);
    off();
    emitter.emit('tick', 2);
    expect(seen).toEqual([1]);
    expect(errors).toHaveLength(2);
    emitter.clear();
    emitter.emit('tick', 3);
    expect(errors).toHaveLength(2);
  });
});
