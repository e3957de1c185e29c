import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentStore } from './agent-store';
import { SNIPPET_TARGETS, snippetFile } from './config-snippet';
import { TOKEN_PREFIX } from './token';

function dir(): string {
  return mkdtempSync(join(tmpdir(), 'agents-'));
}

describe('AgentStore', () => {
  it('stores only a hash of the token, in a 0600 file, and authenticates with it', async () => {
    const dataDir = dir();
    const store = AgentStore.open({ dataDir });
    const { agent, token } = await store.add('claude', { servers: ['github'] });
    expect(token.startsWith(TOKEN_PREFIX)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(TOKEN_PREFIX.length + 43);
    expect(agent).toMatchObject({ name: 'claude', servers: ['github'], policy: { read: 'allow', write: 'ask', destructive: 'ask' }, tools: {} });
    expect(agent).not.toHaveProperty('tokenHash');
    const text = readFileSync(store.file, 'utf8');
    expect(text).not.toContain(token);
    expect(text).not.toContain(token.slice(TOKEN_PREFIX.length + 4));
    if (process.platform !== 'win32') expect(statSync(store.file).mode & 0o777).toBe(0o600);
    expect(store.authenticate(token)?.name).toBe('claude');
    expect(store.authenticate(`${token}x`)).toBeNull();
    expect(store.authenticate('')).toBeNull();
    expect(store.authenticate('x'.repeat(10_000))).toBeNull();
  });

  it('refuses bad names and duplicates; remove and rotate revoke the old token', async () => {
    const store = AgentStore.open({ dataDir: dir() });
    await expect(store.add('-bad', { servers: [] })).rejects.toMatchObject({ code: 'invalid_input' });
    await expect(store.add('ok', { servers: ['no spaces allowed'] })).rejects.toMatchObject({ code: 'invalid_input' });
    const first = await store.add('cursor', { servers: '*' });
    expect(first.agent.servers).toEqual(['*']);
    expect((await store.add('My Laptop.agent', { servers: [] })).agent.name).toBe('My Laptop.agent');
    await expect(store.add('cursor', { servers: [] })).rejects.toMatchObject({ code: 'invalid_input' });
    // A name with a space is quoted in the hint, so it can be typed back as it is shown.
    const rotateHint = 'choose another name, or run `connected-services agents rotate "My Laptop.agent"` for a new token';
    await expect(store.add('My Laptop.agent', { servers: [] })).rejects.toMatchObject({ hint: rotateHint });
    expect(() => store.configSnippet('My Laptop.agent', first.token, { for: 'claude-code', bridgeUrl: 'http://127.0.0.1:1/mcp' })).toThrow(
      expect.objectContaining({ hint: 'run `connected-services agents rotate "My Laptop.agent"` for a new token' }) as Error,
    );
    const rotated = await store.rotate('cursor');
    expect(store.authenticate(first.token)).toBeNull();
    expect(store.authenticate(rotated)?.name).toBe('cursor');
    await store.remove('cursor');
    expect(store.authenticate(rotated)).toBeNull();
    await expect(store.remove('cursor')).rejects.toMatchObject({ code: 'not_found' });
    await expect(store.rotate('cursor')).rejects.toMatchObject({ code: 'not_found' });
  });

  it("refuses a client whose prefix leaves our own tools' names past 64 characters, on add, set and in code", async () => {
    const store = AgentStore.open({ dataDir: dir() });
    const refused = { code: 'invalid_input', data: { agent: 'eighteen-char-name', room: 20, need: 21 } };
    await expect(store.add('eighteen-char-name', { servers: [], client: 'claude-code' })).rejects.toMatchObject(refused);
    expect(store.get('eighteen-char-name')).toBeUndefined();
    await store.add('eighteen-char-name', { servers: [] });
    await expect(store.update('eighteen-char-name', { client: 'codex' })).rejects.toMatchObject(refused);
    expect(store.get('eighteen-char-name')?.client).toBeUndefined();
    // vscode's prefix is 2 shorter, and a prefix length is the person's to give.
    expect((await store.update('eighteen-char-name', { client: 'vscode' })).client).toBe('vscode');
    expect((await store.update('eighteen-char-name', { client: 40 })).client).toBe(40);
    expect((await store.add('seventeen-chars-x', { servers: [], client: 'claude-code' })).agent.client).toBe('claude-code');
    expect(() => store.declareFromCode({ 'a-name-from-code-that-runs-long': { tokenHash: 'a'.repeat(64), servers: [], client: 'acp' } })).toThrow(/ours need 21/);
  });

  it('keeps the client of an agent saved before the room was checked when an edit resends it, and refuses only a change', async () => {
    const home = dir();
    await AgentStore.open({ dataDir: home }).add('my-work-laptop-claude', { servers: [], client: 40 });
    const file = join(home, 'agents.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"client":\s*40/, '"client": "claude-code"'));
    const store = AgentStore.open({ dataDir: home });
    expect(store.get('my-work-laptop-claude')?.client).toBe('claude-code');
    // The app's edit dialog sends the client it shows with every change.
    const edited = await store.update('my-work-laptop-claude', { servers: '*', client: 'claude-code' });
    expect(edited.servers).toEqual(['*']);
    expect(edited.client).toBe('claude-code');
    await expect(store.update('my-work-laptop-claude', { client: 'codex' })).rejects.toMatchObject({ code: 'invalid_input' });
  });

  it('refuses a name whose client entry another agent has (case, spaces, dots), naming that agent; declared in code too', async () => {
    const store = AgentStore.open({ dataDir: dir() });
    await store.add('Team A', { servers: [] });
    for (const twin of ['team-a', 'team.a', 'TEAM A', 'Team  A']) {
      await expect(store.add(twin, { servers: [] })).rejects.toMatchObject({
        code: 'invalid_input',
        message: 'an agent named "Team A" already uses the client entry "connected-services-team-a"',
      });
    }
    expect(store.list().map((a) => a.name)).toEqual(['Team A']);
    expect((await store.add('team-b', { servers: [] })).agent.name).toBe('team-b');
    const digest = '0'.repeat(64);
    expect(() => store.declareFromCode({ 'team.b': { tokenHash: digest, servers: [] } })).toThrow('an agent named "team-b" already uses the client entry');
    expect(() => store.declareFromCode({ one: { tokenHash: digest, servers: [] }, ONE: { tokenHash: '1'.repeat(64), servers: [] } })).toThrow('already uses the client entry "connected-services-one"');
    store.declareFromCode({ code: { tokenHash: digest, servers: [] } });
    // Declared again under its own name: the same agent, not a twin.
    store.declareFromCode({ code: { tokenHash: digest, servers: ['x'] } });
    await expect(store.add('Code', { servers: [] })).rejects.toThrow('an agent named "code" already uses the client entry');
  });

  it('sees edits made by another process, and reports revoked agents', async () => {
    const dataDir = dir();
    const app = AgentStore.open({ dataDir, recheckMs: 0 });
    const cli = AgentStore.open({ dataDir, recheckMs: 0 });
    const events: Array<{ revoked: string[]; changed: string[] }> = [];
    app.on('change', ({ revoked, changed }) => events.push({ revoked, changed }));
    const { token } = await cli.add('script', { servers: ['a'] });
    expect(app.authenticate(token)?.name).toBe('script');
    await cli.update('script', { servers: ['a', 'b'], policy: { write: 'deny' } });
    expect(app.authenticate(token)?.servers).toEqual(['a', 'b']);
    expect(app.get('script')?.policy).toEqual({ read: 'allow', write: 'deny', destructive: 'ask' });
    await cli.remove('script');
    expect(app.authenticate(token)).toBeNull();
    expect(events.some((e) => e.revoked.includes('script'))).toBe(true);
    expect(events.some((e) => e.changed.includes('script'))).toBe(true);
  });

  it('finds each of many agents by its token; a token rotated by another process stops with the next recheck', async () => {
    const dataDir = dir();
    let clock = 1_000;
    const app = AgentStore.open({ dataDir, now: () => clock, recheckMs: 250 });
    const cli = AgentStore.open({ dataDir, recheckMs: 0 });
    const tokens = new Map<string, string>();
    for (let i = 0; i < 30; i++) tokens.set(`agent${i}`, (await cli.add(`agent${i}`, { servers: [] })).token);
    for (const [name, token] of tokens) expect(app.authenticate(token)?.name).toBe(name);
    const old = tokens.get('agent7') ?? '';
    const rotated = await cli.rotate('agent7');
    // A new token is seen at once (an unknown digest re-reads the file), and that re-read drops the old one.
    clock += 1;
    expect(app.authenticate(rotated)?.name).toBe('agent7');
    expect(app.authenticate(old)).toBeNull();
    await cli.remove('agent8');
    expect(app.authenticate(tokens.get('agent8') ?? '')?.name).toBe('agent8');
    clock += 250;
    expect(app.authenticate(tokens.get('agent8') ?? '')).toBeNull();
    expect(app.authenticate(tokens.get('agent9') ?? '')?.name).toBe('agent9');
  });

  it('keeps per-tool decisions, and serializes concurrent edits from two stores', async () => {
    const dataDir = dir();
    const one = AgentStore.open({ dataDir });
    const two = AgentStore.open({ dataDir });
    await Promise.all([...Array.from({ length: 5 }, (_, i) => one.add(`one${i}`, { servers: [] })), ...Array.from({ length: 5 }, (_, i) => two.add(`two${i}`, { servers: [] }))]);
    one.reload();
    expect(one.list()).toHaveLength(10);
    await one.setToolDecision('one0', 'github', 'delete_repo', 'allow');
    await one.setToolDecision('one0', 'github', 'constructor', 'deny');
    expect(one.get('one0')?.tools).toEqual({ github: { delete_repo: 'allow', constructor: 'deny' } });
    await one.setToolDecision('one0', 'github', 'delete_repo', null);
    await one.setToolDecision('one0', 'github', 'constructor', null);
    expect(one.get('one0')?.tools).toEqual({});
  });

  it('refuses an invalid file at open, and fails closed when it turns invalid later', async () => {
    const dataDir = dir();
    const store = AgentStore.open({ dataDir, recheckMs: 0 });
    const { token } = await store.add('a', { servers: [] });
    writeFileSync(store.file, '{"version": 1, "agents": [{"name": "a"}]}');
    expect(() => AgentStore.open({ dataDir })).toThrow(expect.objectContaining({ code: 'invalid_config' }));
    expect(store.authenticate(token)).toBeNull();
    writeFileSync(store.file, 'not json');
    expect(() => AgentStore.open({ dataDir })).toThrow(expect.objectContaining({ code: 'invalid_config' }));
  });

  it('prints a config snippet for every client, and checks the token belongs to the agent', async () => {
    const store = AgentStore.open({ dataDir: dir() });
    const { token } = await store.add('agent', { servers: ['*'] });
    const other = await store.add('other', { servers: ['*'] });
    const bridgeUrl = 'http://127.0.0.1:47781/mcp';
    const stdioCommand = { command: '/usr/bin/connected-services', args: ['bridge', '--stdio'] };
    for (const target of SNIPPET_TARGETS.filter((t) => t !== 'codex')) {
      const text = store.configSnippet('agent', token, { for: target, bridgeUrl, stdioCommand });
      expect(() => JSON.parse(text) as unknown).not.toThrow();
      expect(text).toContain(token);
    }
    // Codex reads the token from the variable it names: its table never holds one, even when given.
    const codex = store.configSnippet('agent', token, { for: 'codex', bridgeUrl, stdioCommand });
    expect(codex).toBe(`[mcp_servers.connected-services-agent]\nurl = "${bridgeUrl}"\nbearer_token_env_var = "CONNECTED_SERVICES_TOKEN"\n`);
    expect(codex).not.toContain(token);
    expect(JSON.parse(store.configSnippet('agent', token, { for: 'acp', bridgeUrl, stdioCommand }))).toEqual({
      stdio: { name: 'connected-services-agent', command: '/usr/bin/connected-services', args: ['bridge', '--stdio'], env: [{ name: 'CONNECTED_SERVICES_TOKEN', value: token }] },
      http: { type: 'http', name: 'connected-services-agent', url: bridgeUrl, headers: [{ name: 'Authorization', value: `Bearer ${token}` }] },
    });
    expect(JSON.parse(store.configSnippet('agent', token, { for: 'claude-desktop', bridgeUrl, stdioCommand }))).toEqual({
      mcpServers: { 'connected-services-agent': { command: '/usr/bin/connected-services', args: ['bridge', '--stdio'], env: { CONNECTED_SERVICES_TOKEN: token } } },
    });
    expect(JSON.parse(store.configSnippet('agent', token, { for: 'vscode', bridgeUrl }))).toEqual({
      servers: { 'connected-services-agent': { type: 'http', url: bridgeUrl, headers: { Authorization: `Bearer ${token}` } } },
    });
    // Without the token, a reference the client expands (never a placeholder that breaks when pasted).
    expect(store.configSnippet('agent', null, { for: 'cursor', bridgeUrl })).toContain('"Bearer ${env:CONNECTED_SERVICES_TOKEN}"');
    expect(JSON.parse(store.configSnippet('agent', null, { for: 'vscode', bridgeUrl }))).toMatchObject({ inputs: [{ type: 'promptString', id: 'connected-services-token-agent', password: true }], servers: { 'connected-services-agent': { headers: { Authorization: 'Bearer ${input:connected-services-token-agent}' } } } });
    expect(() => store.configSnippet('agent', other.token, { for: 'cursor', bridgeUrl })).toThrow(expect.objectContaining({ code: 'invalid_input' }));
    expect(() => store.configSnippet('ghost', null, { for: 'cursor', bridgeUrl })).toThrow(expect.objectContaining({ code: 'not_found' }));
    expect(snippetFile('claude-desktop', 'work', 'darwin')).toContain('Library/Application Support/Claude');
    expect(snippetFile('vscode', 'work')).toContain("profile's mcp.json");
    expect(snippetFile('claude-code', 'work')).toContain('~/.claude.json');
    expect(snippetFile('cursor', 'my agent')).toContain('agents connect "my agent" --client cursor');
    expect(snippetFile('acp', 'work')).toBeUndefined();
  });

  it("lists an agent another store wrote to agents.json at once, and tells its listeners, with no token checked", async () => {
    const dataDir = dir();
    const app = AgentStore.open({ dataDir, recheckMs: 60_000 });
    const changes: string[][] = [];
    app.on('change', ({ agents }) => changes.push(agents.map((a) => a.name)));
    await AgentStore.open({ dataDir }).add('elsewhere', { servers: [] });
    expect(app.list().map((a) => a.name)).toEqual(['elsewhere']);
    expect(changes).toEqual([['elsewhere']]);
    // Unchanged, the file is not read again (its stamp is the same): no second change.
    app.recheck();
    expect(changes).toHaveLength(1);
  });
});

