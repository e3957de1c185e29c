import { describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { stateLabel } from './status';

const row = (extra: Partial<ServerStatus>): ServerStatus => ({
  name: 'notes', transport: 'http', enabled: true, state: 'idle', since: 0, approval: 'not_needed', toolCount: 0, resourceCount: 0, promptCount: 0, crashes: 0, history: [], ...extra,
});

describe('stateLabel (status, servers list)', () => {
  it('says a server needs more access, and which, after a 403 insufficient_scope', () => {
    const auth = { connected: true, scopes: ['mcp:read'], pendingScopes: ['mcp:read', 'mcp:admin'] };
    expect(stateLabel(row({ auth }))).toBe('needs more access: mcp:admin');
    expect(stateLabel(row({ state: 'needs_auth', auth }))).toBe('needs more access: mcp:admin');
    expect(stateLabel(row({ state: 'error', auth }))).toBe('error');
    expect(stateLabel(row({ state: 'needs_auth', auth: { connected: false } }))).toBe('needs auth');
  });
});
