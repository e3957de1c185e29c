import { describe, expect, it } from 'vitest';
import type { BridgeInfo, HeldChange, PendingApproval, ServerStatus } from '../../../shared/api';
import { MAX_LISTED_APPROVALS, MAX_LISTED_SERVICES, trayModel, type TrayItem } from './tray-model';

function server(name: string, state: ServerStatus['state'], extra: Partial<ServerStatus> = {}): ServerStatus {
  return { name, transport: 'http', enabled: true, state, since: 0, approval: 'not_needed', toolCount: 1, resourceCount: 0, promptCount: 0, crashes: 0, history: [], ...extra };
}

function approval(id: string, requestedAt = 0, extra: Partial<PendingApproval> = {}): PendingApproval {
  return { id, agent: 'claude', server: 'files', kind: 'tool', tool: 'delete_file', tier: 'destructive', requestedAt, expiresAt: requestedAt + 60_000, ...extra };
}

const BRIDGE: BridgeInfo = { running: true, paused: false, url: 'http://127.0.0.1:47781/mcp' };

const labels = (items: TrayItem[]) => items.map((item) => (item.kind === 'separator' ? '---' : item.label));
const action = (items: TrayItem[], label: string) => {
  const item = items.find((i) => i.kind === 'action' && i.label === label);
  if (item?.kind !== 'action') throw new Error(`no action "${label}" in ${JSON.stringify(labels(items))}`);
  return item;
};

describe('trayModel: badge', () => {
  it('is ok when everything enabled is fine (idle, starting, stopped and disabled count as fine)', () => {
    const model = trayModel([server('a', 'ready'), server('b', 'idle'), server('c', 'starting'), server('d', 'stopped'), server('e', 'error', { enabled: false })], [], BRIDGE);
    expect(model.icon).toBe('ok');
  });

  it('asks for attention when something needs a sign-in, a command approval, or a call approval', () => {
    expect(trayModel([server('a', 'ready'), server('b', 'needs_auth')], [], BRIDGE).icon).toBe('attention');
    expect(trayModel([server('a', 'idle', { transport: 'stdio', approval: 'pending' })], [], BRIDGE).icon).toBe('attention');
    expect(trayModel([server('a', 'ready')], [approval('x')], BRIDGE).icon).toBe('attention');
  });

  it('shows an error when anything failed, which outranks sign-in', () => {
    expect(trayModel([server('a', 'needs_auth'), server('b', 'error')], [approval('x')], BRIDGE).icon).toBe('error');
    expect(trayModel([server('a', 'ready')], [], { running: false, paused: false, error: 'port 47781 in use' }).icon).toBe('error');
  });

  it('is ok with no services at all', () => {
    const model = trayModel([], [], BRIDGE);
    expect(model.icon).toBe('ok');
    expect(model.items[0]).toEqual({ kind: 'header', label: 'No services connected yet' });
  });
});

describe('trayModel: tooltip', () => {
  it('counts ready, sign-in and failed services, approvals and the bridge', () => {
    const statuses = [server('a', 'ready'), server('b', 'ready'), server('c', 'needs_auth'), server('d', 'error'), server('e', 'idle'), server('off', 'ready', { enabled: false })];
    expect(trayModel(statuses, [approval('1'), approval('2')], { ...BRIDGE, paused: true }).tooltip).toBe(
      'Connected Services\n2 of 5 services ready · 1 needs sign-in · 1 failed · 2 calls wait for you · bridge paused',
    );
    expect(trayModel([server('a', 'ready')], [], BRIDGE).tooltip).toBe('Connected Services\n1 of 1 service ready');
  });

  it('counts every kind of decision waiting: calls, and the confirmations and asks beside them', () => {
    const model = trayModel([server('a', 'ready')], [approval('1')], BRIDGE, { openAtLogin: false }, [], 2);
    expect(model.tooltip).toBe('Connected Services\n1 of 1 service ready · 1 call waits for you · 2 other requests waiting for you');
    expect(trayModel([server('a', 'ready')], [], BRIDGE, { openAtLogin: false }, [], 1).icon).toBe('attention');
  });

  it('stays within the 127 characters Windows shows', () => {
    const statuses = [server('a', 'needs_auth'), server('b', 'needs_auth'), server('c', 'error'), server('d', 'idle', { approval: 'pending' })];
    const tooltip = trayModel(statuses, [approval('1')], { running: false, paused: false, error: 'x' }).tooltip;
    expect(tooltip.length).toBeLessThanOrEqual(127);
    expect(tooltip.startsWith('Connected Services\n0 of 4 services ready · 2 need sign-in · 1 failed')).toBe(true);
  });
});

describe('trayModel: menu', () => {
  it('lists services problems first, then by name, each opening its screen', () => {
    const model = trayModel([server('zeta', 'ready'), server('alpha', 'ready'), server('mid', 'needs_auth'), server('bad', 'error', { lastError: { code: 'server_unavailable', message: 'connection refused' } })], [], BRIDGE);
    expect(labels(model.items).slice(0, 7)).toEqual(['2 of 4 services ready', 'Bridge open to your agents', '---', 'bad — error: connection refused', 'mid — needs sign-in', 'alpha — ready', 'zeta — ready']);
    expect(action(model.items, 'alpha — ready').action).toEqual({ type: 'open', route: { screen: 'service', server: 'alpha' } });
  });

  it('offers Sign in again / Sign in for each enabled service that needs a sign-in, as its row does', () => {
    const model = trayModel([server('github', 'needs_auth', { auth: { connected: true } }), server('linear', 'needs_auth'), server('off', 'needs_auth', { enabled: false }), server('ok', 'ready')], [], BRIDGE);
    expect(action(model.items, 'Sign in again to github').action).toEqual({ type: 'reauthorize', server: 'github' });
    expect(action(model.items, 'Sign in to linear').action).toEqual({ type: 'reauthorize', server: 'linear' });
    expect(labels(model.items).filter((l) => l.startsWith('Sign in'))).toHaveLength(2);
    expect(labels(trayModel([server('ok', 'ready')], [], BRIDGE).items).some((l) => l.startsWith('Sign in'))).toBe(false);
  });

  it('lists pending approvals oldest first, opening the Activity screen', () => {
    const model = trayModel([], [approval('late', 200, { agent: 'cursor', tool: 'write_file' }), approval('early', 100)], BRIDGE);
    const list = labels(model.items);
    const header = list.indexOf('2 calls wait for you');
    expect(list.slice(header + 1, header + 3)).toEqual(['claude waits to call delete_file on files', 'cursor waits to call write_file on files']);
    expect(action(model.items, 'claude waits to call delete_file on files').action).toEqual({ type: 'open', route: { screen: 'activity' } });
  });

  it("names the bridge's own search_tools (no service) as Connected Services', with no empty \" on \"", () => {
    const model = trayModel([], [approval('s', 0, { server: '', tool: 'search_tools', tier: 'read', arguments: { query: '[secret GITHUB_TOKEN]' } })], BRIDGE);
    expect(labels(model.items)).toContain('claude waits to call search_tools of Connected Services (query: "[secret GITHUB_TOKEN]")');
  });

  it('says in short what each waiting call would send', () => {
    const args = { to: 'bob@example.test', body: `Hi\u0000 ${'x'.repeat(200)}`, cc: [] };
    const model = trayModel([], [approval('m', 0, { tool: 'send_email', arguments: args }), approval('n', 1, { tool: 'ping', arguments: {} })], BRIDGE);
    const list = labels(model.items);
    const mail = list.find((l) => l.startsWith('claude waits to call send_email on files'));
    expect(mail).toMatch(/^claude waits to call send_email on files \(to: "bob@example\.test", body: "Hi\\u0000 x+…\)$/);
    expect(mail?.includes('\u0000')).toBe(false);
    expect(list).toContain('claude waits to call ping on files (no arguments)');
  });

  it('caps long lists with a "more" item', () => {
    const many = Array.from({ length: MAX_LISTED_SERVICES + 3 }, (_, i) => server(`s${String(i).padStart(2, '0')}`, 'ready'));
    const approvals = Array.from({ length: MAX_LISTED_APPROVALS + 2 }, (_, i) => approval(`a${i}`, i));
    const model = trayModel(many, approvals, BRIDGE);
    expect(labels(model.items).filter((l) => / — ready$/.test(l))).toHaveLength(MAX_LISTED_SERVICES);
    expect(action(model.items, '3 more…').action).toEqual({ type: 'open', route: { screen: 'catalog' } });
    expect(action(model.items, '2 more…').action).toEqual({ type: 'open', route: { screen: 'activity' } });
  });

  it('has the bridge, login, open and quit items, with their states', () => {
    const model = trayModel([server('a', 'ready')], [], BRIDGE, { openAtLogin: true });
    expect(labels(model.items).slice(-7)).toEqual(['---', 'Copy bridge address', 'Pause all agent calls', 'Start at login', '---', 'Open Connected Services', 'Quit']);
    expect(action(model.items, 'Copy bridge address')).toMatchObject({ enabled: true, action: { type: 'copy-bridge-address', url: 'http://127.0.0.1:47781/mcp' } });
    expect(action(model.items, 'Pause all agent calls')).toMatchObject({ enabled: true, action: { type: 'set-bridge-paused', paused: true } });
    expect(action(model.items, 'Start at login')).toMatchObject({ checked: true, action: { type: 'set-open-at-login', enabled: false } });
    expect(action(model.items, 'Open Connected Services').action).toEqual({ type: 'open', route: { screen: 'catalog' } });
    expect(action(model.items, 'Quit').action).toEqual({ type: 'quit' });
  });

  it('resumes a paused bridge and disables bridge items when there is none', () => {
    expect(action(trayModel([], [], { ...BRIDGE, paused: true }).items, 'Resume agent calls')).toMatchObject({ action: { type: 'set-bridge-paused', paused: false } });
    const down = trayModel([], [], { running: false, paused: false, error: 'EADDRINUSE' });
    expect(action(down.items, 'Pause all agent calls').enabled).toBe(false);
    expect(action(down.items, 'Copy bridge address').enabled).toBe(false);
    expect(labels(down.items)).toContain('Bridge not running: EADDRINUSE');
  });

  it('keeps hostile names plain and short', () => {
    const model = trayModel([], [approval('x', 0, { agent: 'a\u202eb', tool: `t\u0000${'x'.repeat(200)}` })], BRIDGE);
    const line = labels(model.items).find((l) => l.startsWith('a b'));
    expect(line).toBeDefined();
    expect(line?.length).toBeLessThan(90);
    expect(line?.includes('\u0000') || line?.includes('\u202e')).toBe(false);
  });

  it('never starts with, ends with or doubles a separator', () => {
    for (const model of [trayModel([], [], BRIDGE), trayModel([server('a', 'needs_auth')], [approval('x')], BRIDGE)]) {
      const list = labels(model.items);
      expect(list[0]).not.toBe('---');
      expect(list.at(-1)).not.toBe('---');
      expect(list.join('|')).not.toContain('---|---');
    }
  });
});

describe('trayModel: step-up', () => {
  it('offers Grant more access for a service that needs more access (a 403 insufficient_scope), even when it is not needs_auth', () => {
    const stepUp = server('notes', 'idle', { auth: { connected: true, scopes: ['mcp:read'], pendingScopes: ['mcp:read', 'mcp:admin'] } });
    const model = trayModel([stepUp, server('ok', 'ready', { auth: { connected: true, scopes: ['a'] } })], [], BRIDGE);
    expect(action(model.items, 'Grant more access to notes').action).toEqual({ type: 'reauthorize', server: 'notes' });
    expect(labels(model.items)).toContain('notes — needs more access');
    expect(labels(model.items).filter((l) => l.startsWith('Grant') || l.startsWith('Sign in'))).toEqual(['Grant more access to notes']);
    expect(model.icon).toBe('attention');
  });
});

describe('trayModel: programs on this computer that sign in', () => {
  const firstTime = { code: 'auth_required' as const, message: '"mail" needs authorization (it is not connected yet).', data: { server: 'mail', firstSignIn: true } };
  const revoked = { code: 'auth_required' as const, message: '"mail" needs authorization (invalid_grant).', data: { server: 'mail', oauthError: 'invalid_grant' } };

  it('offers Sign in for a stdio server waiting for its first sign-in, which starts it', () => {
    const model = trayModel([server('mail', 'needs_auth', { transport: 'stdio', approval: 'approved', lastError: firstTime })], [], BRIDGE);
    expect(action(model.items, 'Sign in to mail').action).toEqual({ type: 'connect', server: 'mail' });
    expect(labels(model.items).some((l) => l.startsWith('Sign in again'))).toBe(false);
    expect(labels(model.items)).toContain('mail — needs sign-in');
  });

  it('offers a new sign-in once it held a credential: expired, revoked or refused by the program', () => {
    for (const status of [
      server('mail', 'needs_auth', { transport: 'stdio', approval: 'approved', lastError: revoked }),
      server('mail', 'needs_auth', { transport: 'stdio', approval: 'approved', auth: { connected: true, expiresAt: 1 } }),
    ]) {
      const model = trayModel([status], [], BRIDGE);
      const step = model.items.find((i) => i.kind === 'action' && i.label.endsWith(' mail') && i.label.startsWith('Sign in'));
      expect(step).toMatchObject({ action: { type: 'reauthorize', server: 'mail' } });
    }
  });

  it('asks for the command approval first: no sign-in before the command may run', () => {
    const model = trayModel([server('mail', 'needs_auth', { transport: 'stdio', approval: 'pending', lastError: firstTime })], [], BRIDGE);
    expect(labels(model.items).some((l) => l.startsWith('Sign in'))).toBe(false);
    expect(labels(model.items)).toContain('mail — pending approval of its command');
  });

  it('says an HTTP entry waiting for approval waits for its address, not a command', () => {
    const model = trayModel([server('spy', 'idle', { transport: 'http', approval: 'pending' })], [], BRIDGE);
    expect(labels(model.items)).toContain('spy — pending approval of where it sends secrets');
    expect(model.tooltip).toContain('1 address to approve');
    expect(model.tooltip).not.toContain('command');
    expect(model.icon).toBe('attention');
  });
});

describe('trayModel: tools held for review', () => {
  const held = (server: string, name: string): HeldChange => ({ server, kind: 'tool', name, change: 'changed', seenAt: 0, description: [], schema: [] });

  it('counts them, asks for attention and opens each server to review', () => {
    const model = trayModel([server('files', 'ready')], [], BRIDGE, { openAtLogin: false }, [held('files', 'search'), held('files', 'upload')]);
    expect(model.icon).toBe('attention');
    expect(model.tooltip).toContain('2 tool changes to review');
    expect(action(model.items, 'Review files (2)').action).toEqual({ type: 'open', route: { screen: 'service', server: 'files' } });
    expect(trayModel([server('files', 'ready')], [], BRIDGE).icon).toBe('ok');
  });
});

describe('trayModel: the words of the screens', () => {
  it('says the bridge and what waits as the status strip does', () => {
    const calm = labels(trayModel([server('a', 'ready')], [], BRIDGE).items);
    expect(calm.slice(0, 3)).toEqual(['1 of 1 service ready', 'Bridge open to your agents', 'Nothing waits for you']);
    const busy = labels(trayModel([server('a', 'ready')], [approval('x')], { ...BRIDGE, paused: true }).items);
    expect(busy.slice(0, 2)).toEqual(['1 of 1 service ready', "Bridge paused: agents' calls are refused"]);
    expect(busy).not.toContain('Nothing waits for you');
    expect(busy).toContain('1 call waits for you');
    expect(busy).toContain('Resume agent calls');
  });

  it("names each state as the services list's badge and each step as the row's button", () => {
    const key = server('search', 'needs_auth', { auth: { kind: 'api_key', connected: false } });
    const fresh = server('notion', 'idle', { auth: { connected: false } });
    const model = trayModel([key, fresh, server('files', 'idle')], [], BRIDGE);
    expect(labels(model.items)).toEqual(expect.arrayContaining(['search — needs an API key', 'notion — not signed in', 'files — idle', 'Enter API key for search']));
    expect(action(model.items, 'Enter API key for search').action).toEqual({ type: 'open', route: { screen: 'service', server: 'search' } });
    expect(labels(model.items).some((l) => /Re-authorize|awaiting|not started/.test(l))).toBe(false);
  });

  it('offers no sign-in to client credentials whose secret was refused: their page, where it is replaced', () => {
    const refused = server('ci', 'needs_auth', { auth: { kind: 'client_credentials', connected: false } });
    const model = trayModel([refused, server('notes', 'needs_auth', { auth: { kind: 'oauth', connected: true } })], [], BRIDGE);
    expect(action(model.items, 'Fix the client secret of ci').action).toEqual({ type: 'open', route: { screen: 'service', server: 'ci' } });
    expect(labels(model.items).some((l) => /Sign in.* ci$/.test(l))).toBe(false);
    expect(action(model.items, 'Sign in again to notes').action).toEqual({ type: 'reauthorize', server: 'notes' });
  });
});
