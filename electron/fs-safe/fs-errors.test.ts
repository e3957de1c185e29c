import { describe, expect, it } from 'vitest';
import { fsFailure } from './fs-errors';

const failed = (code: string): Error => Object.assign(new Error(`${code}: it failed, open '/d/home/agents.json.tmp'`), { code });

describe('fsFailure: one mapping of what stops a write, for every file kept', () => {
  it.each([
    ['ENOSPC', 'server_unavailable', 'the disk is full', 'The disk is full: free space in /d/home.'],
    ['EDQUOT', 'server_unavailable', 'the disk quota is used up', 'The disk is full: free space in /d/home.'],
    [
      'EFBIG',
      'denied',
      'it would pass the largest file size allowed (the file size limit of the user running the app, or of the file system)',
      'Raise the file size limit for the user running the app (`ulimit -f`, or LimitFSIZE= for a service) and try again, or keep /d/home on a file system that holds larger files.',
    ],
    ['EROFS', 'denied', 'the file system is read-only', 'Mount the disk holding /d/home writable, or choose a data folder on another disk (--home, or CONNECTED_SERVICES_HOME).'],
    ['EACCES', 'denied', 'permission denied', 'Make /d/home writable for the user running the app (its permissions, owner or immutable flag).'],
    ['EPERM', 'denied', 'permission denied', 'Make /d/home writable for the user running the app (its permissions, owner or immutable flag).'],
  ])('%s: %s, what failed and what to fix', (errno, code, why, hint) => {
    const error = fsFailure(failed(errno), 'write', '/d/home/agents.json');
    expect(error.code).toBe(code);
    expect(error.message).toBe(`Could not write /d/home/agents.json: ${why}.`);
    expect(error.hint).toBe(hint);
  });

  it('names a link that loops (ELOOP) as the path given, not an internal error', () => {
    const error = fsFailure(failed('ELOOP'), 'read', '/d/home/loop');
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Could not read /d/home/loop: it is a link that leads round in a loop (or through too many links).');
    expect(error.hint).toBe('Check where /d/home/loop points (`ls -l /d/home/loop`) and name the file itself.');
  });

  it('keeps an error of no known cause internal, in its own words', () => {
    const error = fsFailure(failed('EIO'), 'write', '/d/home/agents.json');
    expect(error.code).toBe('internal');
    expect(error.message).toContain('EIO');
  });
});
