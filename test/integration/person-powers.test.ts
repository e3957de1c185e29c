import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome, type CliResult } from '../support/cli';
import { confirmAsPerson, eventually, startServe, type Served } from '../support/serve';

interface AdminRow {
  who: string;
  method: string;
  outcome: string;
  pid?: number;
  confirmation?: string;
  review?: boolean;
  summary: string;
}

/** What a same-user process finds: the command line's credential in runtime.json (0600, but it is the same user). */
function runtimeOf(home: string): { origin: string; secret: string } {
  return JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
}

/** A raw App API call with the runtime.json credential, as a script would make it. */
async function rawCall(home: string, method: string, input: unknown): Promise<{ status: number; error?: { code: string; message: string; data?: { confirmation?: string } } }> {
  const { origin, secret } = runtimeOf(home);
  const response = await fetch(`${origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { error?: { code: string; message: string; data?: { confirmation?: string } } };
  return { status: response.status, ...(body.error ? { error: body.error } : {}) };
}

function expectWaiting(result: CliResult, what: string): void {
  expect(result.code, `${what}: ${result.stderr}`).toBe(4);
  expect(result.stderr, what).toMatch(/Waiting for confirmation in the app/);
  // Labelled as waiting, not as a refusal: `error [awaiting_confirmation]`, or `data.reason` with --json.
  expect(result.stderr, what).toMatch(/error \[awaiting_confirmation\]|"reason":"awaiting_confirmation"/);
  expect(result.stderr, what).toMatch(/Request c-[0-9a-f]+/);
}

describe('the person\'s powers belong to the person: a same-user process against a running serve', () => {
  let home: string;
  let served: Served;
  let token: string;
  let client: Client;

  beforeAll(async () => {
    home = tempHome();
    // Set up while no app runs: the command line acts for whoever runs it (and is recorded for review).
    const added = await runCli(home, ['agents', 'add', 'me', '--servers', 'everything', '--policy', 'read=ask,write=deny,destructive=deny', '--json']);
    expect(added.code, added.stderr).toBe(0);
    token = (JSON.parse(added.stdout) as { token: string }).token;
    expect((await runCli(home, ['agents', 'add', 'other', '--servers', 'memory'])).code).toBe(0);
    expect((await runCli(home, ['servers', 'add', 'unapproved', '--', process.execPath, '-e', '1'])).code).toBe(0);
    served = await startServe(home);
    client = new Client({ name: 'me', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  }, 60_000);
  afterAll(async () => {
    await client.close().catch(() => undefined);
    await served.stop();
  });

  it('keeps the web UI\'s secret out of runtime.json: the command line has its own credential', () => {
    const runtime = runtimeOf(home);
    expect(runtime.secret).not.toBe(served.secret);
    expect(readFileSync(join(home, 'runtime.json'), 'utf8')).not.toContain(served.secret);
  });

  it('turns every widening power into a waiting confirmation, through the CLI and the raw App API, and changes nothing until the person confirms', async () => {
    // The agent's own call waits for an approval it should not be able to give itself.
    const held = client.callTool({ name: 'everything__echo', arguments: { message: 'self-approved?' } });
    const waiting = await eventually(async () => {
      const list = (await served.api('listApprovals')).body.result as { id: string; agent: string }[];
      return list.find((a) => a.agent === 'me');
    });
    const before = { agents: (await served.api('listAgents')).body.result, config: readFileSync(join(home, 'mcp.json'), 'utf8') };

    const cli: Array<[string, string[]]> = [
      ['allow its own call, remembered', ['approvals', 'allow', waiting.id, '--remember']],
      ['give itself every server', ['agents', 'set', 'me', '--servers', '*']],
      ['allow itself every tier', ['agents', 'set', 'me', '--policy', 'read=allow,write=allow,destructive=allow']],
      ['allow itself one tool', ['agents', 'set', 'me', '--tool', 'everything/echo=allow']],
      ['add an agent', ['agents', 'add', 'sneaky', '--servers', '*', '--json']],
      ["take another agent's token", ['agents', 'rotate', 'other']],
      ['add a server holding a secret', ['servers', 'add', 'gh', '--env', 'T=${secret:GH_TOKEN}', '--', process.execPath, '-e', '1']],
      ['approve a command', ['servers', 'approve', 'unapproved', '--yes']],
      ['call a tool past every policy', ['call', 'everything', 'echo', '{"message":"as the person"}']],
    ];
    for (const [what, args] of cli) expectWaiting(await runCli(home, args), what);

    // An import that would succeed: one that cannot is refused before anyone is asked.
    const importable = join(home, 'claude_desktop_config.json');
    writeFileSync(importable, JSON.stringify({ mcpServers: { imported: { command: process.execPath, args: ['-e', '1'] } } }));
    const raw: Array<[string, unknown]> = [
      ['decideApproval', { id: waiting.id, decision: 'allow', remember: true }],
      ['updateAgent', { name: 'me', servers: '*', policy: { read: 'allow', write: 'allow', destructive: 'allow' } }],
      ['addServer', { name: 'gh2', config: { command: process.execPath, args: ['-e', '1'], env: { T: '${secret:GH_TOKEN}' } } }],
      ['approveServer', { name: 'unapproved' }],
      ['addAgent', { name: 'sneaky2', servers: '*' }],
      ['setSecret', { name: 'GH_TOKEN', value: 'attacker-value-123456' }],
      ['setServerEnabled', { name: 'everything', enabled: true }],
      ['importConfig', { source: 'claude-desktop', path: importable }],
    ];
    for (const [method, input] of raw) {
      const answer = await rawCall(home, method, input);
      expect(answer.error, method).toMatchObject({ code: 'denied', data: { confirmation: expect.stringMatching(/^c-/) as unknown } });
    }
    // The person's own powers are refused outright to the command line's credential.
    const [first] = (await served.api('listConfirmations')).body.result as { id: string }[];
    expect((await rawCall(home, 'decideConfirmation', { id: first?.id ?? '', decision: 'confirm' })).error).toMatchObject({ code: 'denied' });
    expect((await rawCall(home, 'acknowledgeChanges', { upTo: Date.now() })).error).toMatchObject({ code: 'denied' });
    // A secret's value goes to the person at the app only, never to the command line's credential.
    expect((await rawCall(home, 'revealSecret', { name: 'GH_TOKEN' })).error).toMatchObject({ code: 'denied' });
    const events = await fetch(`${runtimeOf(home).origin}/api/events`, { headers: { authorization: `Bearer ${runtimeOf(home).secret}` } });
    expect(events.status).toBe(403);
    await events.body?.cancel();

    // Nothing changed: the agents, the config, the waiting call.
    expect((await served.api('listAgents')).body.result).toEqual(before.agents);
    expect(readFileSync(join(home, 'mcp.json'), 'utf8')).toBe(before.config);
    expect(((await served.api('listApprovals')).body.result as { id: string }[]).map((a) => a.id)).toContain(waiting.id);

    // Each request is waiting in the app, and the admin log says who asked.
    const confirmations = (await served.api('listConfirmations')).body.result as { id: string; method: string; from: string; pid?: number; input: unknown }[];
    // The raw API asks again exactly what two commands asked before they exited (allow the call, approve the command): one card each.
    expect(confirmations).toHaveLength(cli.length + raw.length - 2);
    expect(confirmations.filter((c) => c.method === 'decideApproval' || c.method === 'approveServer')).toHaveLength(2);
    expect(confirmations.every((c) => c.from === 'cli')).toBe(true);
    expect(JSON.stringify(confirmations)).toContain('${secret:GH_TOKEN}');
    expect(JSON.stringify(confirmations)).not.toContain('attacker-value-123456');
    const log = (await served.api('readAdminLog', { limit: 100 })).body.result as AdminRow[];
    const asked = log.filter((e) => e.outcome === 'waiting');
    expect(asked).toHaveLength(cli.length + raw.length);
    expect(log.filter((e) => e.outcome === 'withdrawn')).toHaveLength(2);
    expect(asked.every((e) => e.who === 'cli' && e.confirmation !== undefined)).toBe(true);
    expect(asked.filter((e) => e.pid !== undefined).length).toBeGreaterThanOrEqual(cli.length);
    expect(readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8')).not.toContain('attacker-value-123456');

    // The person confirms the approval: the call goes through, and the log says so.
    const allow = confirmations.find((c) => c.method === 'decideApproval');
    const decided = await served.api('decideConfirmation', { id: allow?.id, decision: 'confirm' });
    expect(decided.body.result).toMatchObject({ outcome: 'confirmed' });
    const result = (await held) as { content: { text?: string }[] };
    expect(result.content.map((c) => c.text ?? '').join('')).toContain('self-approved?');
    const refuse = confirmations.find((c) => c.method === 'updateAgent');
    expect((await served.api('decideConfirmation', { id: refuse?.id, decision: 'refuse' })).body.result).toEqual({ outcome: 'refused' });
    expect((await served.api('listAgents')).body.result).toEqual(
      (before.agents as { name: string; tools: unknown }[]).map((a) => (a.name === 'me' ? { ...a, tools: { everything: { echo: 'allow' } }, lastUsedAt: expect.any(Number) as unknown } : a)),
    );
    const after = (await served.api('readAdminLog', { limit: 100 })).body.result as AdminRow[];
    expect(after.find((e) => e.confirmation === allow?.id && e.outcome === 'confirmed')?.who).toBe('app');
    expect(after.find((e) => e.confirmation === refuse?.id && e.outcome === 'refused')?.who).toBe('app');
  }, 120_000);

  it('lets narrowing powers act directly from the command line, and logs them', async () => {
    // Not echo: the person allowed that one for good above.
    const held = client.callTool({ name: 'everything__get-sum', arguments: { a: 1, b: 2 } }).catch((error: unknown) => error);
    const waiting = await eventually(async () => {
      const list = (await served.api('listApprovals')).body.result as { id: string; agent: string }[];
      return list.find((a) => a.agent === 'me');
    });
    for (const args of [['approvals', 'deny', waiting.id], ['bridge', 'pause'], ['agents', 'set', 'me', '--policy', 'read=deny'], ['servers', 'disable', 'memory'], ['agents', 'remove', 'other']]) {
      const result = await runCli(home, args);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    }
    expect(JSON.stringify(await held)).toMatch(/denied/i);
    expect((await served.api('bridgeInfo')).body.result).toMatchObject({ paused: true });
    // The app re-reads agents.json when an agent next presents its token.
    await eventually(async () => {
      await client.listTools();
      return ((await served.api('listAgents')).body.result as { name: string }[]).length === 1 ? true : undefined;
    });
    const log = (await served.api('readAdminLog', { who: 'cli', limit: 100 })).body.result as AdminRow[];
    expect(log.filter((e) => e.outcome === 'ok').map((e) => e.method).sort()).toEqual(['decideApproval', 'removeAgent', 'setBridgePaused', 'setServerEnabled', 'updateAgent']);
    // Resuming undoes the person's pause: it waits for them.
    await confirmAsPerson(served, await runCli(home, ['bridge', 'resume']));
    expect((await served.api('bridgeInfo')).body.result).toMatchObject({ paused: false });
  }, 90_000);

  it('shows what the command line widened while the app was closed for review when it starts again', async () => {
    await served.stop();
    const offline = await runCli(home, ['agents', 'set', 'me', '--servers', '*']);
    expect(offline.code, offline.stderr).toBe(0);
    served = await startServe(home);
    const review = (await served.api('listOfflineChanges')).body.result as AdminRow[];
    expect(review.map((e) => [e.who, e.method])).toEqual([
      ['cli-offline', 'addAgent'],
      ['cli-offline', 'addAgent'],
      ['cli-offline', 'addServer'],
      ['cli-offline', 'updateAgent'],
    ]);
    expect(review.at(-1)?.summary).toContain('servers everything → all');
    await eventually(async () => Promise.resolve(served.stderr().includes('4 change(s) were made from the command line or a program while the app was closed') ? true : undefined));
    expect((await served.api('acknowledgeChanges', { upTo: Math.max(...review.map((e) => (e as unknown as { time: number }).time)) })).status).toBe(200);
    expect((await served.api('listOfflineChanges')).body.result).toEqual([]);
  }, 60_000);
});
