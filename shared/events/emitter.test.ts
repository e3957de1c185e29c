import { describe, expect, it } from 'vitest';
import { Emitter } from './emitter';

describe('Emitter', () => {
  it('delivers to each listener, survives a throwing one, and unsubscribes', () => {
    const errors: unknown[] = [];
    const emitter = new Emitter<{ tick: number }>((error) => errors.push(error));
    const seen: number[] = [];
    emitter.on('tick', () => {
      throw new Error('broken listener');
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

  it('lets a listener unsubscribe itself while being called', () => {
    const emitter = new Emitter<{ tick: number }>();
    const seen: string[] = [];
    const off = emitter.on('tick', () => {
      seen.push('once');
      off();
    });
    emitter.on('tick', () => seen.push('always'));
    emitter.emit('tick', 1);
    emitter.emit('tick', 2);
    expect(seen).toEqual(['once', 'always', 'always']);
  });
});
