import { describe, expect, it } from 'vitest';
import { dockerOwnArguments } from './docker-run-options';

describe('dockerOwnArguments', () => {
  it('stops at the image: what follows is the container command line', () => {
    expect(dockerOwnArguments(['run', '-i', '--rm', 'img:1', '-v', '/etc:/x', '--mount', 'src=/'])).toEqual(['run', '-i', '--rm']);
  });

  it('takes a flag value as a value, not as the image (separate, inline, bundled, attached)', () => {
    const own = ['run', '-e', 'KEY', '--env=A=1', '--name', 'box', '-itv', '/a:/b', '-vC:/c', '-w/w', '--sig-proxy=false', '--rm'];
    expect(dockerOwnArguments([...own, 'img', '-v', '/etc:/x'])).toEqual(own);
  });

  it('reads global flags and `container run` / `create` before the options', () => {
    expect(dockerOwnArguments(['--context', 'x', '-D', '--host=unix:///s', 'container', 'run', '-v', '/a:/b', 'img', '-v', '/c:/d'])).toEqual([
      '--context', 'x', '-D', '--host=unix:///s', 'container', 'run', '-v', '/a:/b',
    ]);
    expect(dockerOwnArguments(['create', '--rm', 'img', '-v', '/c:/d'])).toEqual(['create', '--rm']);
  });

  it('after `--` the next argument is the image', () => {
    expect(dockerOwnArguments(['run', '--rm', '--', '-img', '-v', '/c:/d'])).toEqual(['run', '--rm', '--']);
  });

  it('reads every argument of a command it does not know', () => {
    const args = ['compose', 'run', 'svc', '-v', '/c:/d'];
    expect(dockerOwnArguments(args)).toEqual(args);
  });
});
