import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRIDGE_PORT, DEFAULT_UI_PORT, type ServerConfig } from '../../../shared/config';
import { CodedError } from '../../../shared/errors';
import { liveChecks } from './live-checks';
import { portChecks } from './port-checks';
import { referenceChecks } from './reference-checks';
import { runDoctor } from './run-doctor';

const running = { pid: 4242, origin: 'http://127.0.0.1:51000', secret: 's', bridge: 'http://127.0.0.1:51001/mcp', startedAt: 0 };
const base = { defaults: { ui: 47780, bridge: 47781 }, bridgeSetting: undefined, configFile: '/d/mcp.json' };

describe('portChecks', () => {
  it("checks the running app's real ports, not the defaults", async () => {
    const reached: string[] = [];
    const checks = await portChecks({
      ...base,
      running,
      portFree: () => Promise.reject(new Error('no port probing while the app runs')),
      reach: (url) => {
        reached.push(url);
        return Promise.resolve(null);
      },
    });
    expect(reached).toEqual(['http://127.0.0.1:51000/health', 'http://127.0.0.1:51001/mcp']);
    expect(checks.map((c) => [c.title, c.status])).toEqual([
      ['UI port 51000', 'ok'],
      ['bridge port 51001', 'ok'],
    ]);
    expect(checks[0]?.detail).toContain('pid 4242');
  });

  it('fails when the running app named in runtime.json does not answer', async () => {
    const checks = await portChecks({ ...base, running, portFree: () => Promise.resolve(true), reach: () => Promise.resolve('connection refused') });
    expect(checks.every((c) => c.status === 'fail' && c.fix !== undefined)).toBe(true);
  });

  it('reaches no address of runtime.json that is not as the app writes it (any local program may write the file)', async () => {
    for (const named of [{ ...running, origin: 'http://192.0.2.2:51000' }, { ...running, bridge: 'http://evil.example/mcp' }]) {
      const reached: string[] = [];
      const checks = await portChecks({ ...base, running: named, portFree: () => Promise.resolve(true), reach: (url) => (reached.push(url), Promise.resolve(null)) });
      expect(reached).toEqual([]);
      expect(checks).toHaveLength(1);
      expect(checks[0]).toMatchObject({ status: 'fail', detail: expect.stringContaining('not the app') as string });
      expect(JSON.stringify(checks)).not.toMatch(/192\.0\.2\.2|evil/);
    }
  });

  it('without a running app: the UI takes a free port at each start, so no port of it is asked about', async () => {
    const asked: number[] = [];
    const checks = await portChecks({ ...base, defaults: { ui: DEFAULT_UI_PORT, bridge: DEFAULT_BRIDGE_PORT }, running: undefined, portFree: (port) => (asked.push(port), Promise.resolve(false)), reach: () => Promise.resolve(null) });
    expect(checks[0]).toMatchObject({ id: 'port:UI', title: 'UI port', status: 'ok', detail: expect.stringContaining('new at each start') as string });
    expect(asked).toEqual([DEFAULT_BRIDGE_PORT]);
  });

  it('without a running app: a busy fixed UI port warns, a busy settings.bridgePort fails', async () => {
    const busy = (port: number) => Promise.resolve(port !== 47780 && port !== 5000);
    const defaults = await portChecks({ ...base, running: undefined, portFree: busy, reach: () => Promise.resolve(null) });
    expect(defaults.map((c) => [c.title, c.status])).toEqual([
      ['UI port 47780', 'warn'],
      ['bridge port 47781', 'ok'],
    ]);
    const chosen = await portChecks({ ...base, bridgeSetting: 5000, running: undefined, portFree: busy, reach: () => Promise.resolve(null) });
    expect(chosen[1]).toMatchObject({ title: 'bridge port 5000', status: 'fail' });
    expect(chosen[1]?.fix).toContain('settings.bridgePort');
  });
});

describe('referenceChecks', () => {
  const servers: Record<string, ServerConfig> = {
    plain: { command: 'node' },
    stdio: { command: 'node', env: { KEY: '${secret:HELD}', OTHER: '${secret:GONE}' }, args: ['--home=${env:NOT_SET}'] },
    off: { type: 'http', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${secret:ALSO_GONE}' }, enabled: false },
    fine: { type: 'http', url: 'https://y.example/mcp', headers: { 'X-Key': '${secret:HELD}' } },
  };

  it('names every missing reference of every entry, enabled or not, with the command that fixes it', async () => {
    const checks = await referenceChecks({ servers, env: {}, hasSecret: (_server, name) => Promise.resolve(name === 'HELD') });
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ['references:stdio', 'fail'],
      ['references:off', 'fail'],
      ['references:fine', 'ok'],
    ]);
    expect(checks[0]?.detail).toContain('${secret:GONE} is missing from the vault');
    expect(checks[0]?.detail).toContain('${env:NOT_SET} is missing from the environment');
    expect(checks[0]?.detail).not.toContain('HELD');
    expect(checks[0]?.fix).toContain('connected-services secrets set GONE');
    expect(checks[1]?.fix).toContain('connected-services secrets set ALSO_GONE');
    // Where each stands in the entry, so the person finds it in mcp.json.
    expect(checks[0]?.detail).toContain('${secret:GONE} is missing from the vault (field env["OTHER"])');
    expect(checks[0]?.detail).toContain('${env:NOT_SET} is missing from the environment (field "args.0")');
    expect(checks[1]?.detail).toBe('${secret:ALSO_GONE} is missing from the vault (field headers["Authorization"])');
  });

  it('names a variable or header as config problems do, its quotes escaped', async () => {
    const odd = { env: { command: 'node', env: { 'A"B': '${secret:GONE}' } }, web: { type: 'http', url: 'https://x.example/mcp', headers: { 'My Token': '${secret:GONE}' } } } as Record<string, ServerConfig>;
    const checks = await referenceChecks({ servers: odd, env: {}, hasSecret: () => Promise.resolve(false) });
    expect(checks.map((c) => c.detail)).toEqual(['${secret:GONE} is missing from the vault (field env["A\\"B"])', '${secret:GONE} is missing from the vault (field headers["My Token"])']);
  });

  it('tells a malformed reference as such, asking neither the vault nor a store about it', async () => {
    const asked: string[] = [];
    const broken = { t: { command: 'node', env: { A: '${secret:pass:../../etc/passwd}', B: '${secret:two words}' } } } as Record<string, ServerConfig>;
    const checks = await referenceChecks({
      servers: broken,
      env: {},
      hasSecret: (_server, name) => (asked.push(name), Promise.resolve(false)),
      storeEntry: (_server, store) => (asked.push(store), Promise.resolve({ problem: 'The secret store "pass" has no password store' })),
    });
    expect(asked).toEqual([]);
    expect(checks[0]?.status).toBe('fail');
    expect(checks[0]?.detail).toContain('The reference ${secret:pass:../../etc/passwd} does not name a valid path');
    expect(checks[0]?.detail).toContain('(field env["A"])');
    expect(checks[0]?.detail).toContain('The reference ${secret:two words} does not name a valid secret');
    expect(checks[0]?.detail).not.toContain('has no password store');
    expect(checks[0]?.fix).toBe('fix the reference in mcp.json');
  });

  it('asks about a secret for the server it belongs to', async () => {
    const asked: string[] = [];
    await referenceChecks({ servers: { fine: servers['fine']! }, env: {}, hasSecret: (server, name) => (asked.push(`${server}/${name}`), Promise.resolve(true)) });
    expect(asked).toEqual(['fine/HELD']);
  });
});

describe('liveChecks', () => {
  const servers: Record<string, ServerConfig> = {
    good: { command: 'node' },
    expired: { type: 'http', url: 'https://x.example/mcp' },
    waiting: { command: 'node' },
    hung: { command: 'node' },
    off: { command: 'node', enabled: false },
  };

  it('reports which servers would fail now and how to fix each, never probing unapproved or disabled ones', async () => {
    const probed: string[] = [];
    let fireHung: (() => void) | undefined;
    const checks = await liveChecks({
      servers,
      approval: (name) => (name === 'waiting' ? 'pending' : 'approved'),
      timeoutMs: 20_000,
      // The bound fires only for the server that never answers: the test decides, not a clock.
      timer: (_ms, fire) => {
        if (probed.at(-1) === 'hung') fireHung = fire;
        return () => undefined;
      },
      probe: (name) => {
        probed.push(name);
        if (name === 'good') return Promise.resolve(3);
        if (name === 'expired') return Promise.reject(new CodedError('auth_required', 'the sign-in of "expired" has expired'));
        setTimeout(() => fireHung?.(), 0);
        return new Promise<number>(() => undefined);
      },
    });
    expect(probed.sort()).toEqual(['expired', 'good', 'hung']);
    expect(checks.map((c) => [c.id, c.status])).toEqual([
      ['live:good', 'ok'],
      ['live:expired', 'fail'],
      ['live:waiting', 'warn'],
      ['live:hung', 'fail'],
    ]);
    expect(checks[0]?.detail).toContain('3 tools');
    expect(checks[1]?.fix).toBe('connected-services connect expired');
    expect(checks[3]?.detail).toContain('[timeout]');
  });

  it('never probes an HTTP server whose secrets wait for approval, and says so', async () => {
    const probed: string[] = [];
    const [check] = await liveChecks({
      servers: { spy: { type: 'http', url: 'https://evil.example/mcp', headers: { X: '${secret:github_token}' } } },
      approval: () => 'pending',
      timeoutMs: 1000,
      timer: () => () => undefined,
      probe: (name) => {
        probed.push(name);
        return Promise.resolve(1);
      },
    });
    expect(probed).toEqual([]);
    expect(check).toMatchObject({ status: 'warn', detail: 'not tried: where it sends its secrets is waiting for your approval', fix: 'connected-services servers approve spy' });
  });

  it("prefers the error's own hint as the fix", async () => {
    const [check] = await liveChecks({
      servers: { a: { command: 'node' } },
      approval: () => 'approved',
      timeoutMs: 1000,
      timer: () => () => undefined,
      probe: () => Promise.reject(new CodedError('invalid_config', 'Server "a": ${secret:X} is missing', { hint: 'Store it with `connected-services secrets set X`' })),
    });
    expect(check?.fix).toBe('Store it with `connected-services secrets set X`');
  });
});

describe('runDoctor', () => {
  const deps = (approval: 'pending' | 'approved', fetched: string[]) => ({
    dataDir: '/d',
    configFile: '/d/mcp.json',
    configIssues: [],
    servers: { spy: { type: 'http', url: 'https://api.example.com/mcp', headers: { Authorization: '${secret:github_token}' } } } satisfies Record<string, ServerConfig>,
    approval: () => approval,
    env: { PATH: '' },
    ports: { ui: 47780, bridge: 47781 },
    nodeVersion: 'v20.19.0',
    portFree: () => Promise.resolve(true),
    modeOf: () => 0o700,
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve(new Response(null, { status: 401 }));
    },
  });

  it('says an HTTP server whose secrets wait for approval waits, with the command that approves it', async () => {
    const fetched: string[] = [];
    const check = (await runDoctor(deps('pending', fetched))).find((c) => c.id === 'server:spy');
    expect(check).toMatchObject({ status: 'warn', fix: 'connected-services servers approve spy' });
    expect(check?.detail).toContain('waiting for your approval');
    expect(fetched).toEqual([]);
  });

  it('warns of an approvals file it ignored, with why every command waits again and what fixes it', async () => {
    expect((await runDoctor(deps('approved', []))).find((c) => c.id === 'approvals')).toBeUndefined();
    const check = (await runDoctor({ ...deps('pending', []), approvalsIgnored: { file: '/d/approvals.json', reason: 'not valid JSON' } })).find((c) => c.id === 'approvals');
    expect(check).toMatchObject({ status: 'warn', detail: '/d/approvals.json is not valid JSON: it is ignored, so every command waits for your approval again' });
    expect(check?.fix).toContain('connected-services servers approve NAME');
  });

  it('checks an approved one by reaching its address', async () => {
    const fetched: string[] = [];
    const check = (await runDoctor(deps('approved', fetched))).find((c) => c.id === 'server:spy');
    expect(check).toMatchObject({ status: 'ok', detail: 'https://api.example.com/mcp is reachable' });
    expect(fetched).toEqual(['https://api.example.com/mcp']);
  });

  it("warns of a whole-path argument that is not there: Filesystem's folder, say, makes the server exit at start", async () => {
    const missing = join(tmpdir(), 'cs-doctor-no-such-folder', 'notes');
    const servers = {
      files: { command: process.execPath, args: ['-y', missing] },
      here: { command: process.execPath, args: [tmpdir()] },
      // A flag's value in a folder that is there: a file the server may make itself (a new database).
      db: { command: process.execPath, args: ['--db-path', join(tmpdir(), 'cs-doctor-no-such.db')] },
      // A flag's value in a folder that is not there: a server seldom makes the folder.
      ro: { command: process.execPath, args: ['--read-only', missing] },
    } satisfies Record<string, ServerConfig>;
    const checks = await runDoctor({ ...deps('approved', []), servers });
    expect(checks.find((c) => c.id === 'server:files')).toMatchObject({ status: 'warn', fix: 'If the server should find it there, create it; else fix "args" in /d/mcp.json' });
    expect(checks.find((c) => c.id === 'server:db')).toMatchObject({ status: 'ok' });
    expect(checks.find((c) => c.id === 'server:ro')).toMatchObject({ status: 'warn', fix: `Create ${dirname(missing)} if the server should use it; else fix "args" in /d/mcp.json` });
    expect(checks.find((c) => c.id === 'server:ro')?.detail).toContain(`${missing} (among its arguments) goes in ${dirname(missing)}, which does not exist (yet)`);
    expect(checks.find((c) => c.id === 'server:files')?.detail).toContain(`${missing}, among its arguments, does not exist`);
    expect(checks.find((c) => c.id === 'server:here')).toMatchObject({ status: 'ok' });
  });
});
