import { describe, expect, it } from 'vitest';
import { joinedList } from './list-words';

describe('joinedList', () => {
  it('joins with "and" by default, with no comma before the last item', () => {
    expect(joinedList([])).toBe('');
    expect(joinedList(['notes'])).toBe('notes');
    expect(joinedList(['notes', 'tasks'])).toBe('notes and tasks');
    expect(joinedList(['mail', 'notes', 'tasks'])).toBe('mail, notes and tasks');
    expect(joinedList(['a', 'b', 'c', 'd'])).toBe('a, b, c and d');
  });

  it('joins with "or" when asked', () => {
    expect(joinedList([], { conjunction: 'or' })).toBe('');
    expect(joinedList(['END'], { conjunction: 'or' })).toBe('END');
    expect(joinedList(['END', 'STOP'], { conjunction: 'or' })).toBe('END or STOP');
    expect(joinedList(['END', 'STOP', 'DONE'], { conjunction: 'or' })).toBe('END, STOP or DONE');
  });

  it('keeps empty items in their place', () => {
    expect(joinedList(['', 'b'])).toBe(' and b');
  });
});
