import { spawn } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { CLI, runCli, tempHome } from '../support/cli';
import { confirmAsPerson, eventually, startServe, type Served } from '../support/serve';
import { agentThroughServe } from '../support/serve-agent';

function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content.map((c) => c.text ?? '').join('');
}

/** A client of the bridge with a token alone: one that may be refused (a rotated token). */
async function agentClient(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'test-agent', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  return client;
}

// Each test runs a dozen bundled CLI commands in a row, each up to seconds on a loaded machine.
describe('agents and approvals through the CLI, against a running serve', { timeout: 120_000 }, () => {
  let home: string;
  let served: Served;
  beforeAll(async () => {
    home = tempHome();
    served = await startServe(home);
  });
  afterAll(async () => {
    await served.stop();
  });

  it('creates an agent whose token works once, with a ready-to-paste config', async () => {
    // While the app runs, a new agent from the command line waits for the person; the token is theirs.
    const add = await runCli(home, ['agents', 'add', 'helper', '--servers', 'everything', '--policy', 'read=allow,write=ask', '--for', 'claude-code', '--json']);
    expect(add.stdout).not.toMatch(/cs_agent_/);
    const created = (await confirmAsPerson(served, add)) as { token: string };
    expect(created.token).toMatch(/^cs_agent_/);
    const config = await runCli(home, ['agents', 'config', 'helper', '--for', 'claude-code', '--token-stdin'], { input: created.token });
    expect(config.stdout).toContain(created.token);
    expect(config.stdout).toContain(served.bridge ?? 'missing');

    const list = await runCli(home, ['agents', 'list']);
    expect(list.stdout).toMatch(/helper\s+everything\s+read=allow write=ask destructive=ask/);
    expect(list.stdout).not.toContain(created.token);

    const client = await agentClient(served.bridge ?? '', created.token);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((t) => t.name)).toContain('everything__echo');
      expect(tools.some((t) => t.name.startsWith('memory__'))).toBe(false);
      expect(textOf(await client.callTool({ name: 'everything__echo', arguments: { message: 'via bridge' } }))).toContain('via bridge');
    } finally {
      await client.close();
    }

    await confirmAsPerson(served, await runCli(home, ['agents', 'rotate', 'helper']));
    await expect(agentClient(served.bridge ?? '', created.token)).rejects.toThrow();
  });

  it('holds an `ask` call until `approvals allow` from the CLI, and refuses after `approvals deny`', async () => {
    const { client, close } = await agentThroughServe(served, 'asker', ['--servers', 'everything', '--policy', 'read=ask']);
    try {
      const call = client.callTool({ name: 'everything__echo', arguments: { message: 'approved' } });
      const pending = await eventually(async () => {
        const list = JSON.parse((await runCli(home, ['approvals', 'list', '--json'])).stdout) as { id: string; agent: string; tool: string }[];
        return list.find((a) => a.agent === 'asker');
      });
      expect(pending.tool).toBe('echo');
      await confirmAsPerson(served, await runCli(home, ['approvals', 'allow', pending.id]));
      expect(textOf(await call)).toContain('approved');

      const denied = client.callTool({ name: 'everything__echo', arguments: { message: 'no' } });
      const second = await eventually(async () => {
        const list = JSON.parse((await runCli(home, ['approvals', 'list', '--json'])).stdout) as { id: string; agent: string }[];
        return list.find((a) => a.agent === 'asker');
      });
      expect((await runCli(home, ['approvals', 'deny', second.id])).code).toBe(0);
      const result = (await denied) as { isError?: boolean };
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/denied/i);
    } finally {
      await close();
    }

    const audit = (await served.api('readAudit', { agent: 'asker' })).body.result as { outcome: string; tool: string }[];
    expect(audit.map((e) => e.outcome).sort()).toEqual(['denied', 'ok']);
  });

  it('lets per-tool rules from `agents set` override the tier policy, and `=default` remove them', async () => {
    const { client, close } = await agentThroughServe(served, 'ruled', ['--servers', 'everything', '--policy', 'read=ask']);
    try {
      // A rule that allows more waits for the person; one that denies is done at once.
      await confirmAsPerson(served, await runCli(home, ['agents', 'set', 'ruled', '--tool', 'everything/echo=allow']));
      // Allowed by the rule: answered without an approval (an `ask` would hold it until the test times out).
      expect(textOf(await client.callTool({ name: 'everything__echo', arguments: { message: 'by rule' } }))).toContain('by rule');
      expect((await runCli(home, ['agents', 'list'])).stdout).toMatch(/ruled\s+everything\s+read=ask.*everything\/echo=allow/);

      expect((await runCli(home, ['agents', 'set', 'ruled', '--tool', 'everything/echo=deny'])).code).toBe(0);
      const refused = (await client.callTool({ name: 'everything__echo', arguments: { message: 'no' } })) as { isError?: boolean };
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/may not call "echo"/);

      await confirmAsPerson(served, await runCli(home, ['agents', 'set', 'ruled', '--tool', 'everything/echo=default']));
      const held = client.callTool({ name: 'everything__echo', arguments: { message: 'asks again' } });
      const pending = await eventually(async () => {
        const list = JSON.parse((await runCli(home, ['approvals', 'list', '--json'])).stdout) as { id: string; agent: string }[];
        return list.find((a) => a.agent === 'ruled');
      });
      await confirmAsPerson(served, await runCli(home, ['approvals', 'allow', pending.id]));
      expect(textOf(await held)).toContain('asks again');
    } finally {
      await close();
    }
    const bad = await runCli(home, ['agents', 'set', 'ruled', '--tool', 'echo=allow']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('SERVER/TOOL=DECISION');
    // A rule for a tool the server's inventory does not have would never apply: refused, nothing saved.
    const unknown = await runCli(home, ['agents', 'set', 'ruled', '--tool', 'everything/ecoh=deny']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('"everything" has no tool "ecoh" in its last inventory');
    expect((await runCli(home, ['agents', 'list'])).stdout).not.toContain('ecoh');
    const nothing = await runCli(home, ['agents', 'set', 'ruled']);
    expect(nothing.code).not.toBe(0);
    expect(nothing.stderr).toContain('nothing to change');
  });

  it('pauses every agent call from the CLI and resumes them', async () => {
    const { client, close } = await agentThroughServe(served, 'pausable', ['--servers', 'everything']);
    try {
      const pause = await runCli(home, ['bridge', 'pause']);
      expect(pause.code, pause.stderr).toBe(0);
      expect(pause.stdout).toContain('is paused');
      expect(JSON.parse((await runCli(home, ['bridge', 'status', '--json'])).stdout)).toMatchObject({ running: true, paused: true, url: served.bridge });
      // Listings still answer; calls are refused with the reason.
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('everything__echo');
      const refused = (await client.callTool({ name: 'everything__echo', arguments: { message: 'paused' } })) as { isError?: boolean };
      expect(refused.isError).toBe(true);
      expect(textOf(refused)).toMatch(/paused the bridge/);

      // Resuming undoes the person's pause: it waits for them.
      await confirmAsPerson(served, await runCli(home, ['bridge', 'resume']));
      expect((await runCli(home, ['bridge', 'status'])).stdout).toContain('is open to agents');
      expect(textOf(await client.callTool({ name: 'everything__echo', arguments: { message: 'resumed' } }))).toContain('resumed');
    } finally {
      await close();
    }
    const alone = await runCli(tempHome(), ['bridge', 'pause']);
    expect(alone.code).toBe(7);
    expect(alone.stderr).toContain('connected-services serve');
  });

  it('serves stdio-only clients through `bridge --stdio`', async () => {
    const { token } = (await confirmAsPerson(served, await runCli(home, ['agents', 'add', 'stdio-agent', '--servers', '*', '--json']))) as { token: string };
    const client = new Client({ name: 'stdio-agent', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: [CLI, '--home', home, 'bridge', '--stdio'],
        env: { ...(process.env as Record<string, string>), CONNECTED_SERVICES_TOKEN: token },
      }),
    );
    try {
      expect(textOf(await client.callTool({ name: 'everything__echo', arguments: { message: 'over stdio' } }))).toContain('over stdio');
    } finally {
      await client.close();
    }
  });

  it('`bridge --stdio` answers a line that is no message, and ends quietly with its input', async () => {
    const { token } = (await confirmAsPerson(served, await runCli(home, ['agents', 'add', 'raw-stdio', '--servers', '*', '--json']))) as { token: string };
    const child = spawn(process.execPath, [CLI, '--home', home, 'bridge', '--stdio'], { env: { ...process.env, CONNECTED_SERVICES_TOKEN: token }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    child.stdin.write('not json\n');
    child.stdin.write('{"hello":"world"}\n');
    const initialize = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    await eventually(async () => Promise.resolve(stdout.split('\n').filter(Boolean).length >= 3 ? true : undefined));
    // A session with its stream open to the bridge, then the input ends: that is the client leaving.
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' })}\n`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const answers = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id?: number; error?: { code: number } });
    expect(answers.map((a) => a.error?.code ?? a.id)).toEqual([-32700, -32600, 1]);
    expect(code).toBe(0);
    expect(stderr).not.toContain('SSE stream disconnected');
    expect(stderr).not.toContain('AbortError');
  });

  // A request before initialize was answered -32603 "did not take the request: Error POSTing to endpoint: {…}",
  // the bridge's own JSON-RPC refusal wrapped in HTTP words; an HTTP client gets that refusal itself.
  it("`bridge --stdio` passes the bridge's own refusal on with its code and words", async () => {
    const { token } = (await confirmAsPerson(served, await runCli(home, ['agents', 'add', 'early-stdio', '--servers', '*', '--json']))) as { token: string };
    const child = spawn(process.execPath, [CLI, '--home', home, 'bridge', '--stdio'], { env: { ...process.env, CONNECTED_SERVICES_TOKEN: token }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'tools/list', params: {} })}\n`);
    await eventually(async () => Promise.resolve(stdout.includes('\n') ? true : undefined));
    child.stdin.end();
    await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const [answer] = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id?: number; error?: { code: number; message: string } });
    expect(answer?.id).toBe(5);
    expect(answer?.error?.code).not.toBe(-32603);
    expect(answer?.error?.message).not.toContain('Error POSTing');
    // A stdio client sends no headers: the refusal says what it can do.
    expect(answer?.error?.message).toContain('send initialize first');
  });

  it('`bridge --stdio` refuses a 20 MB line without holding it, answers the next one, and ends with its input', async () => {
    const { token } = (await confirmAsPerson(served, await runCli(home, ['agents', 'add', 'long-line', '--servers', '*', '--json']))) as { token: string };
    const child = spawn(process.execPath, [CLI, '--home', home, 'bridge', '--stdio'], { env: { ...process.env, CONNECTED_SERVICES_TOKEN: token }, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString('utf8')));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    // A shim that stopped reading may leave a write unfinished when it is killed below.
    child.stdin.on('error', () => undefined);
    onTestFinished(() => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    // Valid JSON-RPC as far as it goes, over every limit: before the fix the SDK's 10 MiB buffer overflowed and the shim stopped reading.
    const long = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'everything__echo', arguments: { message: 'x'.repeat(20 * 1024 * 1024) } } });
    child.stdin.write(`${long}\n`);
    const initialize = { jsonrpc: '2.0', id: 2, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } };
    child.stdin.write(`${JSON.stringify(initialize)}\n`);
    // A generous bound, only so a wedged shim fails the test instead of hanging it.
    await eventually(async () => Promise.resolve(stdout.split('\n').filter(Boolean).length >= 2 ? true : undefined), 30_000).catch((error: unknown) => {
      throw new Error(`${String(error)}\nstdout: ${stdout.slice(0, 500)}\nstderr: ${stderr.slice(0, 500)}`);
    });
    const answers = stdout.split('\n').filter(Boolean).map((line) => JSON.parse(line) as { id?: number | null; result?: unknown; error?: { code: number; message: string } });
    expect(answers).toHaveLength(2);
    const refusal = answers.find((a) => a.error !== undefined);
    expect(refusal?.error?.code).toBe(-32600);
    expect(refusal?.error?.message).toContain('4194304 bytes');
    // Its id was never read (JSON-RPC 2.0 §5: unknown).
    expect(refusal?.id ?? null).toBeNull();
    expect(answers.find((a) => a.id === 2)?.result).toMatchObject({ serverInfo: { name: 'connected-services' } });
    expect(stderr).toContain('longer than 4194304 bytes');
    child.stdin.end();
    expect(await exited).toBe(0);
  }, 90_000);

  it('records arguments and results in the audit log once settings.auditArguments is on, without a restart', async () => {
    const { client, close } = await agentThroughServe(served, 'recorded', ['--servers', 'everything']);
    const file = join(home, 'mcp.json');
    const setAudit = (on: boolean): void => {
      const config = JSON.parse(readFileSync(file, 'utf8')) as { settings?: Record<string, unknown> };
      writeFileSync(file, JSON.stringify({ ...config, settings: { ...config.settings, auditArguments: on } }, null, 2));
    };
    try {
      await client.callTool({ name: 'everything__echo', arguments: { message: 'not recorded' } });
      setAudit(true);
      const entry = await eventually(async () => {
        await client.callTool({ name: 'everything__echo', arguments: { message: 'recorded' } });
        const audit = (await served.api('readAudit', { agent: 'recorded' })).body.result as { arguments?: unknown; result?: unknown }[];
        return audit.find((e) => e.arguments !== undefined);
      });
      expect(entry.arguments).toEqual({ message: 'recorded' });
      expect(JSON.stringify(entry.result)).toContain('Echo: recorded');
      const audit = (await served.api('readAudit', { agent: 'recorded' })).body.result as { arguments?: unknown }[];
      expect(audit.some((e) => e.arguments === undefined)).toBe(true);
    } finally {
      setAudit(false);
      await close();
    }
  });

  it('says so when no app is running to decide approvals', async () => {
    const result = await runCli(tempHome(), ['approvals', 'list']);
    expect(result.code).toBe(7);
    expect(result.stderr).toContain('connected-services serve');
  });
});
