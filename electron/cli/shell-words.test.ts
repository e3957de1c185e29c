import { describe, expect, it } from 'vitest';
import { shellQuote } from '../pool';
import { shellWords } from './shell-words';

describe('shellWords', () => {
  it('reads back every word shellQuote writes, with where it stands', () => {
    const args = ['node', 'x y', "it's", '', 'tab\there', 'line\nbreak', '\u200bzero', 'emoji \u{1f600}\u{e0001}', 'back\\slash'];
    const line = args.map(shellQuote).join(' ');
    const read = shellWords(line);
    expect(read?.words.map((word) => word.value)).toEqual(args);
    expect(read?.words.map((word) => line.slice(word.start, word.end))).toEqual(args.map(shellQuote));
    expect(read?.commentAt).toBe(line.length);
  });

  it('stops at a comment, reads a backslash outside quotes, and gives up on a quote left open', () => {
    const line = "cd /srv && A='1 2' node a\\ b  # auth {\"type\":\"x\"}";
    const read = shellWords(line);
    expect(read?.words.map((word) => word.value)).toEqual(['cd', '/srv', '&&', 'A=1 2', 'node', 'a b']);
    expect(line.slice(read?.commentAt)).toBe('# auth {"type":"x"}');
    expect(shellWords("node 'open")).toBeUndefined();
    expect(shellWords("node $'open\\'")).toBeUndefined();
  });
});
