import { afterEach, describe, expect, it } from 'vitest';
import { openConnectedServices, type ConnectedServices } from '../../electron/library';
import { connectAgent, firstText, type AgentClient } from '../support/bridge-harness';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe, type Served } from '../support/serve';
import { EVERYTHING } from '../fixtures/servers/config';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'code-agents-test-passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };

interface Waiting {
  id: string;
  method: string;
  summary?: string;
}

/** Agents a program declares in code call tools through the real bridge, as stored agents do (docs/library.md). */
describe('agents declared in code', () => {
  let cs: ConnectedServices | undefined;
  let agent: AgentClient | undefined;
  let served: Served | undefined;
  afterEach(async () => {
    await agent?.close().catch(() => undefined);
    await cs?.close();
    await served?.stop();
    agent = cs = served = undefined;
  });

  it('in this process: a bridge runs for them; a call passes the gate and its tiers, is audited, and the listings mark it', async () => {
    const home = await passphraseHome(ENV, 'cs-code-agents-');
    cs = await openConnectedServices({
      home,
      env: { ...process.env, ...ENV },
      bridgePort: 0,
      servers: { mine: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
      agents: { runtime: { servers: ['mine'], policy: { read: 'allow', write: 'deny', destructive: 'deny' }, tools: { mine: { 'get-env': 'deny' } } } },
    });
    expect(cs.mode).toBe('in-process');
    await cs.approveServer('mine');
    expect((await cs.connect('mine')).state).toBe('ready');
    const handle = cs.codeAgents['runtime'];
    expect(handle?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    agent = await connectAgent(handle?.url ?? '', handle?.token ?? '');
    const tools = (await agent.client.listTools()).tools.map((t) => t.name);
    expect(tools).toContain('mine__echo');
    const result = await agent.client.callTool({ name: 'mine__echo', arguments: { message: 'from a code agent' } });
    expect(firstText(result)).toBe('Echo: from a code agent');
    // The same gate as a stored agent: its per-tool rule hides get-env (the server's environment) and refuses a call of it.
    expect(tools).not.toContain('mine__get-env');
    const refused = await agent.client.callTool({ name: 'mine__get-env', arguments: {} });
    expect(refused.isError).toBe(true);
    expect(firstText(refused)).toMatch(/denied|not allowed/i);
    const audit = await cs.api.readAudit({ agent: 'runtime' });
    expect(audit.map((entry) => [entry.tool, entry.outcome])).toContainEqual(['echo', 'ok']);
    expect(audit.map((entry) => [entry.tool, entry.outcome])).toContainEqual(['get-env', 'denied']);
    const row = (await cs.listAgents()).find((a) => a.name === 'runtime');
    expect(row?.fromCode).toBe(true);
    expect((await cs.api.agentConfig({ name: 'runtime', for: 'cursor' })).notes?.join('\n')).toContain('from code');
    const token = handle?.token ?? '';
    await cs.close();
    cs = undefined;
    // Never written: agents.json does not hold it, and its token died with the program.
    const list = await runCli(home, ['agents', 'list'], { env: ENV });
    expect(list.stdout).not.toContain('runtime');
    expect(token).not.toBe('');
  }, 120_000);

  it('in this process: a call its rules ask about waits in listDecisions until the program decides it (docs/library.md)', async () => {
    const home = await passphraseHome(ENV, 'cs-code-agents-ask-');
    cs = await openConnectedServices({
      home,
      env: { ...process.env, ...ENV },
      bridgePort: 0,
      servers: { mine: { command: process.execPath, args: [EVERYTHING, 'stdio'] } },
      agents: { asking: { servers: ['mine'], policy: { read: 'allow', write: 'deny', destructive: 'deny' }, tools: { mine: { echo: 'ask' } } } },
    });
    await cs.approveServer('mine');
    const handle = cs.codeAgents['asking'];
    agent = await connectAgent(handle?.url ?? '', handle?.token ?? '');
    const program = cs;
    const call = agent.client.callTool({ name: 'mine__echo', arguments: { message: 'asked of the program' } });
    const waiting = await eventually(async () => (await program.api.listDecisions({})).find((d) => d.kind === 'call'), 60_000);
    expect(waiting).toMatchObject({ kind: 'call' });
    expect(JSON.stringify(waiting)).toContain('asked of the program');
    expect(await program.api.decide({ kind: 'call', id: waiting?.id ?? '', answer: { decision: 'allow' } })).toMatchObject({ outcome: 'allowed' });
    expect(firstText(await call)).toBe('Echo: asked of the program');
  }, 120_000);

  it('a name agents.json has is an error naming both places', async () => {
    const home = await passphraseHome(ENV, 'cs-code-agents-twice-');
    const added = await runCli(home, ['agents', 'add', 'runtime', '--servers', '*'], { env: ENV });
    expect(added.code).toBe(0);
    const opening = openConnectedServices({ home, env: { ...process.env, ...ENV }, bridgePort: 0, agents: { runtime: { servers: '*' } } });
    await expect(opening).rejects.toThrow(/^The agent "runtime" is declared twice: in code \(the agents given to openConnectedServices\) and in .*agents\.json$/);
  }, 60_000);

  it('with an app running: declared in it once the person confirms, marked in its listings, calls through its bridge, forgotten at close', async () => {
    const home = await passphraseHome(ENV, 'cs-code-agents-app-');
    served = await startServe(home, [], ENV);
    const app = served;
    const opening = openConnectedServices({ home, env: { ...process.env, ...ENV }, agents: { runtime: { servers: ['everything'], policy: { read: 'allow' } } } });
    const declare = await eventually(async () => ((await app.api('listConfirmations')).body.result as Waiting[]).find((c) => c.method === 'declareAgents'), 30_000);
    const before = (await app.api('listAgents')).body.result as { name: string }[];
    expect(before.map((a) => a.name)).not.toContain('runtime');
    expect((await app.api('decideConfirmation', { id: declare.id, decision: 'confirm' })).body.result).toMatchObject({ outcome: 'confirmed' });
    cs = await opening;
    expect(cs.mode).toBe('app');
    const handle = cs.codeAgents['runtime'];
    expect(handle?.url).toBe(app.bridge);
    const listed = ((await app.api('listAgents')).body.result as { name: string; fromCode?: boolean }[]).find((a) => a.name === 'runtime');
    expect(listed?.fromCode).toBe(true);
    const cli = await runCli(home, ['agents', 'list'], { env: ENV });
    expect(cli.stdout).toMatch(/^runtime \(from code\)/m);
    agent = await connectAgent(handle?.url ?? '', handle?.token ?? '');
    const result = await agent.client.callTool({ name: 'everything__echo', arguments: { message: 'through the app' } });
    expect(firstText(result)).toBe('Echo: through the app');
    const audit = (await app.api('readAudit', { agent: 'runtime' })).body.result as { tool: string; outcome: string }[];
    expect(audit.map((entry) => [entry.tool, entry.outcome])).toContainEqual(['echo', 'ok']);
    await agent.close();
    agent = undefined;
    await cs.close();
    cs = undefined;
    const after = (await app.api('listAgents')).body.result as { name: string }[];
    expect(after.map((a) => a.name)).not.toContain('runtime');
  }, 180_000);
});
