import { describe, expect, it } from 'vitest';
import { WrappedMatcher } from './wrapped-matcher';

const SECRET = 'sk-live-Zq9xW3vB7nM2kL5pR8tY';

describe('WrappedMatcher', () => {
  it('finds a string wrapped at any column, with CRLF breaks and indentation, as the whole wrapped span', () => {
    const m = new WrappedMatcher([SECRET]);
    const folded = `token=${SECRET}`.match(/.{1,16}/g)?.join('\n') ?? '';
    expect(m.stretches(`x\n${folded}\nafter`)).toEqual([{ start: 8, end: 8 + SECRET.length + 2, found: SECRET }]);
    const text = `| ${SECRET.slice(0, 7)}\r\n    ${SECRET.slice(7, 20)}\n\t${SECRET.slice(20)} |`;
    const [found] = m.stretches(text);
    expect(found && text.slice(found.start, found.end)).toBe(`${SECRET.slice(0, 7)}\r\n    ${SECRET.slice(7, 20)}\n\t${SECRET.slice(20)}`);
  });

  it('finds one case-insensitively and gives the string as it was added', () => {
    const m = new WrappedMatcher([SECRET]);
    expect(m.stretches(`${SECRET.slice(0, 5).toUpperCase()}\n${SECRET.slice(5)}`)).toEqual([{ start: 0, end: SECRET.length + 1, found: SECRET }]);
  });

  it('finds a value of several lines wrapped elsewhere, by its text without breaks', () => {
    const pem = 'MIIBOgIBAAJBAKj34GkxFhD9\nhN3q7mR2xV8sL1pZ4wT6';
    const m = new WrappedMatcher([pem]);
    const text = 'MIIBOgIBAAJBAKj3\n4GkxFhD9hN3q7mR2\nxV8sL1pZ4wT6';
    expect(m.stretches(text)).toEqual([{ start: 0, end: text.length, found: pem }]);
  });

  it('leaves strings shorter than 12, text without line breaks, and a value with other characters between its parts', () => {
    expect(new WrappedMatcher(['abcdef12345']).stretches('abcde\nf12345')).toEqual([]);
    const m = new WrappedMatcher([SECRET]);
    expect(m.stretches(SECRET)).toEqual([]);
    expect(m.stretches(`${SECRET.slice(0, 10)}-\n${SECRET.slice(10)}`)).toEqual([]);
    expect(m.stretches(`${SECRET.slice(0, 10)}\n\n# ${SECRET.slice(10)}`)).toEqual([]);
  });

  it('finds nothing in a long text of almost-matches, each broken before its last character', () => {
    const m = new WrappedMatcher([SECRET]);
    const text = `${SECRET.slice(0, -1)}\n `.repeat(20_000);
    expect(m.stretches(text)).toEqual([]);
  });
});
