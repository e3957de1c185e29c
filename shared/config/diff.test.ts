import { describe, expect, it } from 'vitest';
import { diffServers } from './diff';
import { isToolAllowed } from './tool-policy';

describe('diffServers', () => {
  it('sorts servers into added, changed, removed and unchanged; key order is no change', () => {
    const diff = diffServers(
      { mcpServers: { same: { command: 'a', args: ['1'], env: { X: '1', Y: '2' } }, edited: { command: 'b' }, gone: { command: 'c' } } },
      { mcpServers: { same: { env: { Y: '2', X: '1' }, args: ['1'], command: 'a' }, edited: { command: 'b', args: ['new'] }, fresh: { command: 'd' } } },
    );
    expect(diff).toEqual({ added: ['fresh'], changed: ['edited'], removed: ['gone'], unchanged: ['same'] });
  });
});

describe('isToolAllowed', () => {
  it('lets deny win, and treats an allow list as exhaustive', () => {
    expect(isToolAllowed(undefined, 'x')).toBe(true);
    expect(isToolAllowed({ deny: ['write_*'] }, 'write_file')).toBe(false);
    expect(isToolAllowed({ deny: ['write_*'] }, 'read_file')).toBe(true);
    expect(isToolAllowed({ allow: ['read_*', 'list'] }, 'list')).toBe(true);
    expect(isToolAllowed({ allow: ['read_*'], deny: ['read_secret'] }, 'read_secret')).toBe(false);
    expect(isToolAllowed({ allow: ['read_*'] }, 'delete')).toBe(false);
    expect(isToolAllowed({ allow: ['a.b'] }, 'axb')).toBe(false);
  });
});
