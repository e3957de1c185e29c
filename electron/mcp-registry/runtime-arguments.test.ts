import { describe, expect, it } from 'vitest';
import { dockerArguments, npxArguments, uvxArguments } from './runtime-arguments';

const HOME = '/home/me';

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

describe('dockerArguments', () => {
  it('keeps flags that stay inside the container, and folders under the home folder', () => {
    const args = ['-e', 'LOG=debug', '--init', '--network', 'none', '-v', '/home/me/notes:/data', '--mount', 'type=bind,source=/home/me/p,target=/p', '-v', 'cache:/cache', '-it'];
    expect(dockerArguments(args, HOME)).toEqual(args);
  });
  it.each([
    ['--privileged'], ['--cap-add', 'SYS_ADMIN'], ['--cap-add=ALL'], ['--device', '/dev/sda'], ['--pid', 'host'], ['--security-opt', 'seccomp=unconfined'],
    ['--entrypoint', 'sh'], ['--env-file', '/home/me/.aws/credentials'], ['--network', 'host'], ['--net=host'],
    ['-v', '/:/host'], ['--volume=/etc:/etc'], ['-v', '/var/run/docker.sock:/var/run/docker.sock'], ['-v', '/home/me:/h'], ['-v', '/home:/h'], ['-v', '/home/me/../..:/x'],
    ['--mount', 'type=bind,src=/,dst=/host'], ['-itv', '/:/host'],
  ])('refuses %j', (...args) => {
    expect(() => dockerArguments(args, HOME)).toThrow(/docker to run with/);
  });
});
