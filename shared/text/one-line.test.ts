import { describe, expect, it } from 'vitest';
import { joinedLines, oneLineSafe } from './one-line';

describe('oneLineSafe', () => {
  it('shows line breaks and every other hidden character as escapes, keeping what reads', () => {
    expect(oneLineSafe('search\nok    Server github: all checks passed\r\nerror [denied]: x')).toBe('search\\u000aok    Server github: all checks passed\\u000aerror [denied]: x');
    expect(oneLineSafe('a\u2028b\u001b[2Jc\rd')).toBe('a\\u2028b\\u001b[2Jc\\u000dd');
    expect(oneLineSafe('tab\tstays, 日本語 too')).toBe('tab\tstays, 日本語 too');
  });
});

describe('joinedLines', () => {
  it('joins the lines of a message with "; " (a space after an open clause), escaping every other hidden character', () => {
    expect(joinedLines('expected number, received string at a\nInvalid input: expected number, received undefined at b')).toBe(
      'expected number, received string at a; Invalid input: expected number, received undefined at b',
    );
    expect(joinedLines('failed\r\n\n  ok    Server github\n')).toBe('failed; ok    Server github');
    expect(joinedLines('issues: [\n  {\n    "path": "a"\n  }\n]')).toBe('issues: [ { "path": "a" } ]');
    expect(joinedLines('a\u2028b\u001b[2Jc\rd\te')).toBe('a\\u2028b\\u001b[2Jc\\u000dd\te');
    expect(joinedLines(`a${' '.repeat(40_000)}\n${' '.repeat(40_000)}b`)).toBe('a; b');
    expect(joinedLines('')).toBe('');
  });
});
