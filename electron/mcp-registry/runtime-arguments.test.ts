import { describe, expect, it } from 'vitest';
import { npxArguments, uvxArguments } from './runtime-arguments';

describe('npxArguments', () => {
  it('always starts with -y and keeps only quiet flags', () => {
    expect(npxArguments([])).toEqual(['-y']);
    expect(npxArguments(['--yes', '-q'])).toEqual(['-y', '-q']);
  });
  it.each([['--package', 'evil-pkg@6.6.6'], ['-c', 'node -e "x"'], ['--call=sh'], ['-p', 'x'], ['--registry', 'http://127.0.0.1:1']])('refuses %j, which changes what runs', (...args) => {
    expect(() => npxArguments(args)).toThrow(/npx to run with .* which is not accepted/);
  });
});

describe('uvxArguments', () => {
  it('keeps quiet flags and a Python version', () => {
    expect(uvxArguments(['-q', '--python', '3.12', '--python=3.11.4'])).toEqual(['-q', '--python', '3.12', '--python=3.11.4']);
  });
  it.each([['--from', 'git+https://x.test/r'], ['--with', 'evil'], ['--index-url', 'http://127.0.0.1:9/simple'], ['--python', 'evil; sh'], ['--python'], ['-p', '/tmp/python']])('refuses %j', (...args) => {
    expect(() => uvxArguments(args)).toThrow(/uvx to run with/);
  });
});
