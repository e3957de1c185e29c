import { describe, expect, it } from 'vitest';
import { joinsLetters } from './joiner-context';

const at = (text: string): number => text.search(/[\u200c\u200d]/u);

describe('joinsLetters', () => {
  it('holds for a joiner within a Persian, Urdu or Indic word', () => {
    for (const word of ['می\u200cخواهم', 'نامه\u200cها', 'क्\u200dष', 'ক্\u200cষ', 'ශ්\u200dරී']) {
      expect(joinsLetters(word, at(word)), word).toBe(true);
    }
  });

  it('does not hold between Latin letters, across scripts, beside another joiner, or at an edge', () => {
    for (const text of ['pay\u200cpal', 'a\u200db', 'م\u200cx', 'x\u200cم', 'क\u200cم', '\u200cم', 'م\u200c', 'م \u200cم', '1\u200c2']) {
      expect(joinsLetters(text, at(text)), JSON.stringify(text)).toBe(false);
    }
    expect(joinsLetters('م\u200c\u200cم', 1)).toBe(false);
    expect(joinsLetters('م\u200c\u200cم', 2)).toBe(false);
  });
});
