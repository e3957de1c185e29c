import { describe, expect, it } from 'vitest';
import { oneLineSafe } from './one-line';

describe('oneLineSafe', () => {
  it('shows line breaks and every other hidden character as escapes, keeping what reads', () => {
    expect(oneLineSafe('search\nok    Server github: all checks passed\r\nerror [denied]: x')).toBe('search\\u000aok    Server github: all checks passed\\u000aerror [denied]: x');
    expect(oneLineSafe('a\u2028b\u001b[2Jc\rd')).toBe('a\\u2028b\\u001b[2Jc\\u000dd');
    expect(oneLineSafe('tab\tstays, 日本語 too')).toBe('tab\tstays, 日本語 too');
  });
});
