import { describe, expect, it } from 'vitest';
import type { AuthStatus } from '../../auth';
import { authInfoOf } from './auth-api';

const status = (extra: Partial<AuthStatus>): AuthStatus => ({ server: 'notes', type: 'oauth', connected: true, needsAuth: false, scopes: ['mcp:read'], refreshable: true, ...extra });
const coordinator = (answer: AuthStatus) => ({ status: () => Promise.resolve(answer) });
const CONFIG = { type: 'http' as const, url: 'https://notes.example/mcp' };

describe('authInfoOf: the credential as status shows it', () => {
  it('carries the scopes a pending step-up names that the credential lacks, and leaves them out when none is pending', async () => {
    const named = status({ needsAuth: true, pendingScopes: ['offline_access', 'mcp:read', 'mcp:admin'], stepUpScopes: ['mcp:read', 'mcp:admin'] });
    expect(await authInfoOf(coordinator(named), 'notes', CONFIG)).toEqual({ connected: true, refreshable: true, scopes: ['mcp:read'], pendingScopes: ['mcp:admin'] });
    const unnamed = status({ needsAuth: true, pendingScopes: ['mcp:read', 'mcp:write'] });
    expect(await authInfoOf(coordinator(unnamed), 'notes', CONFIG)).toEqual({ connected: true, refreshable: true, scopes: ['mcp:read'], pendingScopes: ['mcp:write'] });
    const settled = await authInfoOf(coordinator(status({})), 'notes', CONFIG);
    expect(settled).toEqual({ connected: true, refreshable: true, scopes: ['mcp:read'] });
    expect(settled && 'pendingScopes' in settled).toBe(false);
  });
});

describe('authInfoOf: whether the credential renews by itself', () => {
  it('carries the core’s refreshable, so an expired token held with a refresh token is not shown as ended', async () => {
    const expired = { expiresAt: 1_000, flow: 'browser' as const };
    expect((await authInfoOf(coordinator(status({ ...expired, refreshable: true })), 'notes', CONFIG))?.refreshable).toBe(true);
    expect((await authInfoOf(coordinator(status({ ...expired, connected: false, refreshable: false })), 'notes', { ...CONFIG, auth: { type: 'oauth' as const } }))?.refreshable).toBe(false);
  });
});
