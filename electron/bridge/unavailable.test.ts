import { describe, expect, it } from 'vitest';
import type { ServerState, ServerStatus, StateChange } from '../../shared/api';
import { markedUnavailable, UNAVAILABLE_META_KEY, unavailableKey, unavailableOf } from './unavailable';

function status(...changes: Array<ServerState | [ServerState, string]>): ServerStatus {
  const history: StateChange[] = changes.map((c, at) =>
    typeof c === 'string' ? { state: c, at } : { state: c[0], at, error: { code: c[0] === 'needs_auth' ? 'auth_required' : 'server_unavailable', message: c[1] } },
  );
  const last = history[history.length - 1];
  return {
    name: 'files',
    transport: 'stdio',
    enabled: true,
    state: last?.state ?? 'idle',
    since: 0,
    approval: 'approved',
    toolCount: 1,
    resourceCount: 0,
    promptCount: 0,
    crashes: 0,
    history,
  };
}

describe('unavailableOf', () => {
  it('marks a failed server and one waiting for sign-in, with a one-line reason', () => {
    expect(unavailableOf(status('idle', 'starting', ['error', 'exited with code 3\nstack…']))).toEqual({ state: 'error', reason: 'exited with code 3' });
    expect(unavailableOf(status('idle', 'starting', ['needs_auth', 'token expired']))).toEqual({ state: 'needs_auth', reason: 'it needs the person to sign in again' });
    expect(unavailableOf(status('idle', 'starting', ['error', 'x'.repeat(400)]))?.reason).toHaveLength(160);
  });

  it("gives an error's agent message as the reason when it has one: the person's may name what agents must not read", () => {
    const failed = status('idle', 'starting', ['error', 'Server "files": no entry at "GitHub"; an entry of that title is at /Internet/GitHub.']);
    const last = failed.history[failed.history.length - 1];
    if (last?.error) last.error.data = { agentMessage: 'no entry at "GitHub".' };
    expect(unavailableOf(failed)).toEqual({ state: 'error', reason: 'no entry at "GitHub".' });
  });

  it('keeps the mark while it starts again after a failure, and drops it once ready, stopped or idle', () => {
    expect(unavailableOf(status('idle', 'starting', ['error', 'boom'], 'starting'))).toEqual({ state: 'error', reason: 'boom' });
    expect(unavailableOf(status('idle', 'starting', ['error', 'boom'], 'starting', 'ready'))).toBeUndefined();
    expect(unavailableOf(status('idle', 'starting', ['error', 'boom'], 'stopped'))).toBeUndefined();
    expect(unavailableOf(status('idle', 'starting'))).toBeUndefined();
    expect(unavailableOf(status('idle', 'starting', 'ready', 'idle'))).toBeUndefined();
  });

  it('keys a listing by state and reason, so a new reason is a new listing', () => {
    expect(unavailableKey(status('idle', 'starting', 'ready'))).toBe('');
    expect(unavailableKey(status('idle', 'starting', ['error', 'a']))).not.toBe(unavailableKey(status('idle', 'starting', ['error', 'b'])));
  });
});

describe('markedUnavailable', () => {
  it('says so first in the description and in _meta, keeping the rest of the tool', () => {
    const tool = { name: 'files__read', description: '[files] Reads a file', inputSchema: { type: 'object' as const }, _meta: { other: 1 } };
    const marked = markedUnavailable(tool, 'files', { state: 'error', reason: 'exited with code 3' });
    expect(marked.description).toBe(
      'Unavailable: files is not running (exited with code 3); ask the person to fix it in Connected Services. [files] Reads a file',
    );
    expect(marked._meta).toEqual({ other: 1, [UNAVAILABLE_META_KEY]: { state: 'error', reason: 'exited with code 3' } });
    expect(marked.name).toBe(tool.name);
    expect(tool.description).toBe('[files] Reads a file');
  });
});
