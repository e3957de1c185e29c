import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../shared/api';
import { nextStep } from './server-step';

const NOW = 1_800_000_000_000;

function status(patch: Partial<ServerStatus> = {}): ServerStatus {
  return {
    name: 'demo',
    transport: 'http',
    enabled: true,
    state: 'idle',
    since: NOW,
    approval: 'not_needed',
    toolCount: 0,
    resourceCount: 0,
    promptCount: 0,
    crashes: 0,
    history: [],
    ...patch,
  };
}

const kind = (patch: Partial<ServerStatus>) => nextStep(status(patch), NOW)?.kind;

describe('nextStep: one specific action per state', () => {
  it('offers nothing for a ready server, nor while it starts', () => {
    expect(kind({ state: 'ready', toolCount: 3 })).toBeUndefined();
    expect(kind({ state: 'starting' })).toBeUndefined();
    expect(kind({ state: 'ready', auth: { connected: true, kind: 'oauth', expiresAt: NOW + 60_000 } })).toBeUndefined();
  });

  it('offers Start for a service the person stopped after it ran, Connect for one that never ran', () => {
    expect(nextStep(status({ state: 'stopped', history: [{ state: 'ready', at: NOW - 5000 }] }), NOW)).toEqual({ kind: 'start', label: 'Start', name: 'Start demo' });
    expect(kind({ state: 'stopped', inventoryUpdatedAt: NOW - 1000, auth: { connected: true, kind: 'api_key' } })).toBe('start');
    expect(kind({ state: 'stopped', inventoryUpdatedAt: NOW - 1000, auth: { connected: true, kind: 'client_credentials' } })).toBe('start');
    expect(kind({ state: 'stopped' })).toBe('connect');
  });

  it('offers Start for a service the pool stopped for being unused, as for one the person stopped', () => {
    expect(kind({ state: 'idle', inventoryUpdatedAt: NOW - 1000, toolCount: 3 })).toBe('start');
    expect(kind({ state: 'idle', history: [{ state: 'ready', at: NOW - 5000 }] })).toBe('start');
    expect(kind({ state: 'idle' })).toBe('connect');
  });

  it('says Sign in, never "again", for a service that never signed in', () => {
    expect(kind({ state: 'idle', auth: { connected: false, kind: 'oauth' } })).toBe('sign-in');
    expect(kind({ state: 'needs_auth' })).toBe('sign-in');
    expect(kind({ state: 'needs_auth', auth: { connected: false, kind: 'device' } })).toBe('sign-in');
    expect(nextStep(status({ state: 'needs_auth' }), NOW)).toEqual({ kind: 'sign-in', label: 'Sign in', name: 'Sign in to demo' });
  });

  it('says Sign in again when a held sign-in was refused or ran out', () => {
    expect(kind({ state: 'needs_auth', auth: { connected: true, kind: 'oauth' } })).toBe('sign-in-again');
    expect(kind({ state: 'idle', inventoryUpdatedAt: NOW, auth: { connected: true, expiresAt: NOW - 1000 } })).toBe('sign-in-again');
    expect(kind({ state: 'idle', inventoryUpdatedAt: NOW, auth: { connected: true, expiresAt: NOW - 1000, refreshable: false } })).toBe('sign-in-again');
  });

  it('offers no sign-in for an expired access token that renews on next use', () => {
    const auth = { connected: true, kind: 'oauth' as const, expiresAt: NOW - 60_000, refreshable: true };
    expect(kind({ state: 'idle', inventoryUpdatedAt: NOW, auth })).toBe('start');
    // Stopped by the person, it offers Start, not a sign-in: the token renews when it starts.
    expect(kind({ state: 'stopped', history: [{ state: 'ready', at: NOW - 90_000 }], auth })).toBe('start');
    expect(kind({ state: 'ready', toolCount: 2, auth })).toBeUndefined();
    // Refused at its renewal, it is needs_auth: then the person signs in again.
    expect(kind({ state: 'needs_auth', auth })).toBe('sign-in-again');
  });

  it('says Restart, not Sign in again, for a signed-in server that failed (its authorization server unreachable)', () => {
    const lastError = { code: 'server_unavailable' as const, message: 'The authorization server did not answer. Try again in a moment.' };
    expect(kind({ state: 'error', lastError, auth: { connected: true, kind: 'oauth', expiresAt: NOW - 60_000, refreshable: true } })).toBe('restart');
    expect(kind({ state: 'error', lastError, auth: { connected: true, kind: 'oauth', expiresAt: NOW + 60_000 } })).toBe('restart');
  });

  it('says Restart, not Sign in, for an address that never answered: it asked for no sign-in', () => {
    const refused = { code: 'server_unavailable' as const, message: 'could not reach "demo" at https://demo.example/mcp (ECONNREFUSED): nothing answers there', data: { network: 'ECONNREFUSED' } };
    const slow = { code: 'timeout' as const, message: '"demo" did not finish starting within 30 s' };
    expect(kind({ state: 'error', lastError: refused, auth: { connected: false, kind: 'oauth' } })).toBe('restart');
    expect(kind({ state: 'error', lastError: slow, auth: { connected: false, kind: 'oauth' } })).toBe('restart');
    // One that answered and failed otherwise still signs in first.
    expect(kind({ state: 'error', lastError: { code: 'server_unavailable', message: '"demo" answered HTTP 500' }, auth: { connected: false, kind: 'oauth' } })).toBe('sign-in');
  });

  it('says Grant more access for a missing scope, not a sign-in', () => {
    const auth = { connected: true, kind: 'oauth' as const, scopes: ['read'], pendingScopes: ['admin'] };
    expect(kind({ state: 'ready', auth })).toBe('grant-access');
    expect(kind({ state: 'needs_auth', auth })).toBe('grant-access');
    expect(nextStep(status({ state: 'ready', auth }), NOW)?.name).toBe('Grant more access to demo');
  });

  it('asks for the key of an API-key service that lacks one or had it refused; never a sign-in', () => {
    expect(kind({ state: 'idle', auth: { connected: false, kind: 'api_key' } })).toBe('enter-api-key');
    expect(kind({ state: 'needs_auth', auth: { connected: true, kind: 'api_key' } })).toBe('enter-api-key');
    expect(kind({ state: 'ready', auth: { connected: true, kind: 'api_key' } })).toBeUndefined();
    // A held key on a service that never ran: Connect, as the Tools tab says.
    expect(kind({ state: 'idle', auth: { connected: true, kind: 'api_key' } })).toBe('connect');
    expect(nextStep(status({ state: 'stopped', auth: { connected: true, kind: 'api_key' } }), NOW)?.name).toBe('Connect demo');
    expect(kind({ state: 'idle', inventoryUpdatedAt: NOW, auth: { connected: true, kind: 'api_key' } })).toBe('start');
    expect(nextStep(status({ state: 'needs_auth', auth: { connected: false, kind: 'api_key' } }), NOW)?.name).toBe('Enter API key for demo');
  });

  it('offers Connect where it never ran, Restart where it failed, Approve while unapproved, nothing while disabled', () => {
    expect(kind({ state: 'idle' })).toBe('connect');
    // The verb of "Restart all that failed", which restarts this same row.
    expect(kind({ state: 'error', inventoryUpdatedAt: NOW })).toBe('restart');
    expect(kind({ state: 'error', auth: { connected: true, kind: 'api_key' } })).toBe('restart');
    expect(nextStep(status({ state: 'error' }), NOW)?.name).toBe('Restart demo');
    expect(kind({ approval: 'pending' })).toBe('approve');
    expect(kind({ enabled: false, state: 'needs_auth' })).toBeUndefined();
  });

  it('says Restart for a failed service that has no sign-in: no auth, an API key, client credentials', () => {
    expect(kind({ state: 'error' })).toBe('restart');
    expect(kind({ state: 'error', auth: { connected: true, kind: 'api_key' } })).toBe('restart');
    expect(kind({ state: 'error', auth: { connected: false, kind: 'client_credentials' } })).toBe('restart');
    expect(kind({ state: 'error', auth: { connected: true, kind: 'client_credentials', refreshable: true } })).toBe('restart');
    // A service a person signs in to, holding nothing yet, still signs in.
    expect(kind({ state: 'error', auth: { connected: false, kind: 'oauth' } })).toBe('sign-in');
  });

  it('never offers a sign-in to client credentials: Restart after a refusal (the secret replaced first), Connect where it never ran, Start where it rested', () => {
    const auth = { connected: false, kind: 'client_credentials' as const };
    expect(kind({ state: 'needs_auth', auth })).toBe('restart');
    expect(kind({ state: 'needs_auth', auth: { ...auth, connected: true, refreshable: true } })).toBe('restart');
    expect(kind({ state: 'idle', auth })).toBe('connect');
    expect(kind({ state: 'idle', inventoryUpdatedAt: NOW, auth })).toBe('start');
    expect(kind({ state: 'ready', toolCount: 1, auth: { ...auth, connected: true, expiresAt: NOW - 1000, refreshable: true } })).toBeUndefined();
  });
});
