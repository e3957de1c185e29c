import { describe, expect, it } from 'vitest';
import { bundleArguments, npxArguments, uvxArguments } from './runtime-arguments';

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

describe('bundleArguments', () => {
  it('keeps quiet and memory flags', () => {
    expect(bundleArguments(['--no-warnings', '--max-old-space-size=512', '-u'])).toEqual(['--no-warnings', '--max-old-space-size=512', '-u']);
  });
  it.each([['--inspect=0.0.0.0:9229'], ['--inspect-brk'], ['--require', '/tmp/anything.js'], ['-r', 'x'], ['--import=/tmp/x.mjs'], ['--loader', 'x'], ['-e', 'x'], ['--eval=x'], ['-c', 'x'], ['-m', 'http.server'], ['--max-old-space-size=1;x']])('refuses %j, which runs code from outside the pinned bundle or opens it to others', (...args) => {
    expect(() => bundleArguments(args)).toThrow(/the bundle's runtime to run with .* which is not accepted/);
  });
});
