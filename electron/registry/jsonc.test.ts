import { describe, expect, it } from 'vitest';
import { parseJsonc, stripJsonc } from './jsonc';

describe('stripJsonc', () => {
  it('removes line and block comments outside strings', () => {
    const text = '{\n  // a comment\n  "a": 1, /* inline */ "b": /* x */ 2\n}';
    expect(parseJsonc(text)).toEqual({ a: 1, b: 2 });
  });

  it('keeps comment-like text and commas inside strings, with escaped quotes', () => {
    const text = '{ "url": "http://x/a//b", "glob": "/* not a comment */", "q": "say \\"hi\\", //", "c": ",}" }';
    expect(parseJsonc(text)).toEqual({ url: 'http://x/a//b', glob: '/* not a comment */', q: 'say "hi", //', c: ',}' });
  });

  it('removes trailing commas in objects and arrays, also before comments and newlines', () => {
    const text = '{ "a": [1, 2,], "b": { "c": true, // note\n },\n /* end */ }';
    expect(parseJsonc(text)).toEqual({ a: [1, 2], b: { c: true } });
  });

  it('keeps commas that separate values', () => {
    expect(parseJsonc('[1, /* two */ 2, 3]')).toEqual([1, 2, 3]);
  });

  it('keeps the length and line breaks, so error positions match the original text', () => {
    const text = '{\n  /* one\n  two */\n  "a": 1, // x\n  "b": oops,\n}';
    const stripped = stripJsonc(text);
    expect(stripped).toHaveLength(text.length);
    expect(stripped.indexOf('oops')).toBe(text.indexOf('oops'));
    expect(stripped.split('\n')).toHaveLength(text.split('\n').length);
    expect(() => parseJsonc(text)).toThrow(SyntaxError);
  });

  it('tolerates a byte order mark and an unterminated block comment', () => {
    expect(parseJsonc('\ufeff{"a": 1}')).toEqual({ a: 1 });
    expect(parseJsonc('{"a": 1} /* never closed')).toEqual({ a: 1 });
  });

  it('leaves plain JSON untouched', () => {
    const text = '{"a":[1,{"b":"c"}],"d":null}';
    expect(stripJsonc(text)).toBe(text);
  });

  it('still rejects text that is not JSON', () => {
    expect(() => parseJsonc('{ a: 1 }')).toThrow(SyntaxError);
  });
});
