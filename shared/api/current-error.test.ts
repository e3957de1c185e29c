import { describe, expect, it } from 'vitest';
import { currentError } from './current-error';

const REFUSED = { code: 'auth_required' as const, message: 'the authorization server no longer accepts its refresh token (invalid_grant)' };

describe('currentError', () => {
  it('is the last error while the server failed, waits for a sign-in, or waits for approval', () => {
    expect(currentError({ state: 'error', approval: 'not_needed', lastError: REFUSED })).toBe(REFUSED);
    expect(currentError({ state: 'needs_auth', approval: 'not_needed', lastError: REFUSED })).toBe(REFUSED);
    expect(currentError({ state: 'idle', approval: 'pending', lastError: REFUSED })).toBe(REFUSED);
  });

  it('is nothing once the server works again: signed in, started, idle or stopped', () => {
    for (const state of ['ready', 'idle', 'stopped', 'starting'] as const) expect(currentError({ state, approval: 'approved', lastError: REFUSED })).toBeUndefined();
  });
});
