import { describe, expect, it } from 'vitest';
import { hintSentence } from '../../shared/errors';
import { pinWriteFailure } from './pin-write-failure';

const failed = (code: string): Error => Object.assign(new Error(`${code}: it failed, open '/d/pins/.notes.json.tmp'`), { code });

describe('pinWriteFailure', () => {
  it.each([
    ['EACCES', 'denied', 'permission denied', 'Make /d/pins writable for the user running the app'],
    ['EPERM', 'denied', 'permission denied', 'Make /d/pins writable for the user running the app'],
    ['EROFS', 'denied', 'the file system is read-only', 'Mount the disk holding /d/pins writable, or choose a data folder on another disk (--home, or CONNECTED_SERVICES_HOME)'],
    ['ENOSPC', 'server_unavailable', 'the disk is full', 'The disk is full: free space in /d/pins'],
    ['EDQUOT', 'server_unavailable', 'the disk quota is used up', 'The disk is full: free space in /d/pins'],
    ['EEXIST', 'invalid_config', 'it is a file, not a folder', 'Move the file at /d/pins away'],
  ])('%s: code %s, what failed, and what to fix as a sentence', (errno, code, why, fix) => {
    const error = pinWriteFailure('notes', '/d/pins', failed(errno));
    expect(error.code).toBe(code);
    expect(error.message).toBe(`Your decisions on "notes" were not kept: its pin file could not be written (${why}). Nothing changed: what waited still waits.`);
    expect(error.hint).toContain(fix);
    expect(error.hint).toMatch(/, then decide again\.$/);
    expect(hintSentence(error.hint ?? '')).toBe(error.hint);
  });

  it('is internal, with its own words, for an error of no known cause', () => {
    const error = pinWriteFailure('notes', '/d/pins', new Error('something odd'));
    expect(error.code).toBe('internal');
    expect(error.message).toContain('could not be written (something odd)');
    expect(error.hint).toBe('Check that /d/pins can be written (free space, permissions), then decide again.');
  });
});
