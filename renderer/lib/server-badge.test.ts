import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../shared/api';
import { serverActions, serverBadge, shortReason } from './server-badge';

const NOW = 1_800_000_000_000;

function status(patch: Partial<ServerStatus> = {}): ServerStatus {
  return {
    name: 'demo',
    transport: 'http',
    enabled: true,
    state: 'ready',
    since: NOW,
    approval: 'not_needed',
    toolCount: 3,
    resourceCount: 0,
    promptCount: 0,
    crashes: 0,
    history: [],
    ...patch,
  };
}

describe('serverBadge', () => {
  it('names each state', () => {
    expect(serverBadge(status()).label).toBe('ready');
    expect(serverBadge(status({ state: 'needs_auth' })).label).toBe('needs sign-in');
    expect(serverBadge(status({ state: 'starting' })).kind).toBe('starting');
    expect(serverBadge(status({ state: 'idle' })).kind).toBe('idle');
    expect(serverBadge(status({ state: 'stopped' })).kind).toBe('stopped');
  });

  it('puts disabled and pending approval before the pool state', () => {
    expect(serverBadge(status({ enabled: false, state: 'error' })).label).toBe('disabled');
    expect(serverBadge(status({ approval: 'pending', state: 'idle' })).label).toBe('pending approval');
  });

  it('gives an error its short reason and keeps the full message as detail', () => {
    const message = 'could not start "demo": command not found: uvx. Install uv from https://docs.astral.sh/uv/ then try again.';
    const badge = serverBadge(status({ state: 'error', lastError: { code: 'server_unavailable', message } }));
    expect(badge.label).toBe('error: could not start "demo": command not found: uvx');
    expect(badge.tone).toBe('error');
    expect(badge.detail).toBe(message);
  });

  it("shows a server's hidden characters in an error's reason and tooltip as escapes", () => {
    // A zero-width space and a right-to-left override: `\u202E` would show "notes.exe" as "exe.seton".
    const message = 'bad\u200Bname in \u202Enotes.exe: try again';
    const badge = serverBadge(status({ state: 'error', lastError: { code: 'server_unavailable', message } }));
    expect(badge.label).toBe('error: bad\\u200bname in \\u202enotes.exe: try again');
    expect(badge.detail).toBe('bad\\u200bname in \\u202enotes.exe: try again');
    const auth = serverBadge(status({ state: 'needs_auth', lastError: { code: 'auth_required', message: 'sign in as \u202Eadmin' } }));
    expect(auth.detail).toBe('sign in as \\u202eadmin');
    const more = serverBadge(status({ auth: { connected: true, kind: 'oauth', scopes: ['read'], pendingScopes: ['read', 'repo\u200B'] } }));
    expect(more.detail).toBe('Grant more access to add repo\\u200b.');
  });

  it('cuts a long reason without leaving half an escape or half a character', () => {
    // The cut falls inside `\u200b`: the unfinished escape goes, never "\u20".
    const escaped = shortReason(`${'x'.repeat(52)}\u200B${'y'.repeat(40)}`);
    expect(escaped).toBe(`${'x'.repeat(52)}…`);
    const astral = shortReason(`${'x'.repeat(54)}😀${'y'.repeat(40)}`);
    expect(astral).toBe(`${'x'.repeat(54)}😀…`);
  });

  it('shortens long first sentences with an ellipsis', () => {
    expect(shortReason('x'.repeat(100))).toHaveLength(56);
    expect(shortReason('x'.repeat(100)).endsWith('…')).toBe(true);
  });
});

describe('serverActions', () => {
  it('offers Disconnect to a ready server with a sign-in or one holding a credential, not to an idle one or one with none', () => {
    expect(serverActions(status({ state: 'idle', auth: { connected: false, kind: 'oauth' } }))).toMatchObject({ disconnect: false, toggle: 'Disable' });
    expect(serverActions(status({ auth: { connected: false, kind: 'oauth' } }))).toMatchObject({ disconnect: true });
    expect(serverActions(status({ state: 'needs_auth', auth: { connected: true } }))).toMatchObject({ disconnect: true });
    // A program without a sign-in or key has nothing to forget: Stop ends it.
    expect(serverActions(status())).toMatchObject({ disconnect: false });
  });

  it('names a service that holds nothing yet by what it needs, not "idle"', () => {
    expect(serverBadge(status({ state: 'idle', auth: { connected: false, kind: 'oauth' } })).label).toBe('not signed in');
    expect(serverBadge(status({ state: 'idle', auth: { connected: false, kind: 'api_key' } })).label).toBe('needs an API key');
    expect(serverBadge(status({ state: 'needs_auth', auth: { connected: true, kind: 'api_key' } })).label).toBe('needs an API key');
  });

  it('offers only Approve and Disable while the command waits for approval, only Enable when disabled', () => {
    expect(serverActions(status({ approval: 'pending', state: 'idle', transport: 'stdio' }))).toEqual({ approve: true, disconnect: false, toggle: 'Disable' });
    expect(serverActions(status({ enabled: false }))).toEqual({ approve: false, disconnect: false, toggle: 'Enable' });
  });
});
