import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { lastErrorText, listingBoundLine, signInText } from './status';

const MiB = 1024 * 1024;

describe('listingBoundLine', () => {
  it('names the agent, each server it searches with its size, and the bound', () => {
    expect(listingBoundLine({ agent: 'desk', searched: [{ server: 'wide', bytes: 4.3 * MiB }], every: false, boundBytes: 4 * MiB })).toBe(
      `listing bound: agent "desk" finds the tools of "wide" (4.3 MiB) through search_tools, each past 4.0 MiB listed; its other servers' tools stay listed`,
    );
  });

  it('says when every server is searched, with the total', () => {
    expect(listingBoundLine({ agent: 'desk', searched: [{ server: 'a', bytes: 3 * MiB }, { server: 'b', bytes: 2 * MiB }], every: true, boundBytes: 4 * MiB })).toBe(
      `listing bound: agent "desk"'s servers list 5.0 MiB of tools together, past 4.0 MiB: it lists search_tools and the call tools instead of them`,
    );
  });
});

describe('status rows', () => {
  const NOW = 1_800_000_000_000;
  const row = (patch: Partial<ServerStatus>): ServerStatus => ({
    name: 'notes', transport: 'http', enabled: true, state: 'idle', since: NOW, approval: 'not_needed', toolCount: 1, resourceCount: 0, promptCount: 0, crashes: 0, history: [], ...patch,
  });

  it('says an expired token refreshes on use only while it can be refreshed', () => {
    expect(signInText(row({ auth: { connected: true, expiresAt: NOW - 60_000, refreshable: true } }), NOW)).toBe('expired (refreshes on use)');
    expect(signInText(row({ auth: { connected: true, expiresAt: NOW - 60_000, refreshable: false } }), NOW)).toBe('expired (sign in again: `connected-services connect notes`)');
    expect(signInText(row({ auth: { connected: true, expiresAt: NOW - 60_000 } }), NOW)).not.toContain('refreshes on use');
    expect(signInText(row({ auth: { connected: true, expiresAt: NOW + 120_000, refreshable: true } }), NOW)).toBe('expires in 2m');
  });

  it('shows the last error only while it explains the state, not on a server that works again', () => {
    const lastError = { code: 'auth_required' as const, message: '"notes" needs authorization (refused).' };
    expect(lastErrorText(row({ state: 'needs_auth', lastError }))).toBe('auth_required: "notes" needs authorization (refused).');
    expect(lastErrorText(row({ state: 'error', lastError }))).toBe('auth_required: "notes" needs authorization (refused).');
    expect(lastErrorText(row({ state: 'ready', lastError }))).toBe('');
    expect(lastErrorText(row({ state: 'stopped', lastError }))).toBe('');
  });
});
