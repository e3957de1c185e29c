import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ElicitRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { ROOT } from '../fixtures/servers/config';
import { startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

// SECURITY.md: no value of the vault reaches an agent, in any of the places a server's data does. A
// hostile review found two that passed it whole: object keys (of structured content, `_meta`, a log
// message's data) and a server's own questions (elicitation during a call), in both eras.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'secret keys and asks passphrase' };
const SECRET = 'sk-live-Zq8Xw3Rt7Yp2Lm9Nb4Vc6Kd1';
const LEAKY = join(ROOT, 'test/fixtures/servers/secret-leaking-server.ts');

let home: string;
let served: Served;
let legacy: AgentClient;
let modern: ModernAgent;
const legacyAsked: string[] = [];
const modernAsked: string[] = [];
const logged: unknown[] = [];
const loggers: (string | undefined)[] = [];

beforeAll(async () => {
  home = await passphraseHome(PASSPHRASE, 'cs-secret-keys-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const leaky = { command: process.execPath, args: tsEntry(LEAKY), cwd: ROOT, env: { LEAKY_KEY: '${secret:LEAKY_KEY}' } };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { leaky } }));
  const cli = (args: string[], input?: string) => runCli(home, args, { env: PASSPHRASE, ...(input !== undefined ? { input } : {}) });
  expect((await cli(['secrets', 'set', 'LEAKY_KEY'], `${SECRET}\n`)).code).toBe(0);
  expect((await cli(['servers', 'approve', 'leaky'])).code).toBe(0);
  const tokens: string[] = [];
  for (const name of ['eve', 'mallory']) {
    const added = await cli(['agents', 'add', name, '--servers', 'leaky', '--policy', 'read=allow,write=allow,destructive=allow', '--json']);
    expect(added.code, added.stderr).toBe(0);
    tokens.push((JSON.parse(added.stdout) as { token: string }).token);
  }
  served = await startServe(home, [], PASSPHRASE);
  legacy = await connectAgent(served.bridge ?? '', tokens[0] ?? '', 'eve', { elicitation: { form: {} } });
  legacy.client.setRequestHandler(ElicitRequestSchema, (request) => {
    legacyAsked.push(JSON.stringify(request.params));
    return { action: 'accept', content: { ok: true } };
  });
  legacy.client.setNotificationHandler(LoggingMessageNotificationSchema, (note) => {
    logged.push(note.params.data);
    loggers.push(note.params.logger);
  });
  modern = await connectModernAgent(served.bridge ?? '', tokens[1] ?? '', { pin: '2026-07-28' }, { capabilities: { elicitation: { form: {} } } });
  modern.client.setRequestHandler('elicitation/create', (request) => {
    modernAsked.push(JSON.stringify(request.params));
    return { action: 'accept', content: { ok: true } };
  });
}, 60_000);

afterAll(async () => {
  await legacy?.close();
  await modern?.close();
  await served?.stop();
});

describe('a vault value in what a server hands an agent', () => {
  it.each(['legacy', 'modern'] as const)('as an object key of structured content and _meta (%s agent): renamed, the tool\'s own keys kept', async (era) => {
    const client = era === 'legacy' ? legacy.client : modern.client;
    const result = await client.callTool({ name: 'leaky__keys', arguments: {} });
    expect(JSON.stringify(result)).not.toContain(SECRET);
    // The secret's key takes the placeholder's name with a number, since the tool had its own `[redacted]`.
    expect(result.structuredContent).toEqual({ tokens: { '[redacted] 2': 'first', '[redacted]': "the tool's own" }, plain: { kept: 1 } });
    expect(result._meta).toMatchObject({ 'seen-[redacted]': true });
  });

  it.each(['legacy', 'modern'] as const)("in the server's question during a call (%s agent): the agent is asked without it and its answer reaches the server", async (era) => {
    const result = era === 'legacy' ? await legacy.client.callTool({ name: 'leaky__ask', arguments: {} }) : await modern.client.callTool({ name: 'leaky__ask', arguments: {} });
    expect(result.content).toEqual([{ type: 'text', text: 'action: accept' }]);
    const asked = era === 'legacy' ? legacyAsked : modernAsked;
    expect(asked).toHaveLength(1);
    expect(asked[0]).not.toContain(SECRET);
    expect(asked[0]).toContain('Confirm using key [redacted]?');
    expect(asked[0]).toContain('uses [redacted]');
  });

  it('as a key of a log message\'s data (legacy agent at level debug)', async () => {
    await legacy.client.setLoggingLevel('debug');
    expect((await legacy.client.callTool({ name: 'leaky__log-keys', arguments: {} })).content).toEqual([{ type: 'text', text: 'logged' }]);
    await expect.poll(() => logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(SECRET);
    expect(logged[0]).toEqual({ '[redacted]': 'value', note: 'plain' });
  });

  it("as a log message's logger name, whole or in base64 (legacy agent at level debug): redacted, for the person too", async () => {
    await legacy.client.setLoggingLevel('debug');
    const before = loggers.length;
    expect((await legacy.client.callTool({ name: 'leaky__log-logger', arguments: {} })).content).toEqual([{ type: 'text', text: 'logged' }]);
    await expect.poll(() => loggers.length).toBe(before + 2);
    const named = loggers.slice(before);
    expect(named.some((name) => name?.includes(SECRET) === true || name?.includes(Buffer.from(SECRET).toString('base64')) === true)).toBe(false);
    expect(named).toEqual(['leaky/[redacted]', 'leaky/[redacted]']);
    const kept = JSON.stringify((await served.api('readLogs', { server: 'leaky' })).body);
    expect(kept.includes(SECRET) || kept.includes(Buffer.from(SECRET).toString('base64'))).toBe(false);
    expect(kept).toContain('[redacted]: plain');
  });

  it.each(['legacy', 'modern'] as const)('split across two text items or wrapped across lines (%s agent): each part redacted, the rest kept', async (era) => {
    const client = era === 'legacy' ? legacy.client : modern.client;
    const split = await client.callTool({ name: 'leaky__split', arguments: {} });
    expect(split.content).toEqual([{ type: 'text', text: 'key: [redacted]' }, { type: 'text', text: '[redacted] (end)' }]);
    const wrapped = await client.callTool({ name: 'leaky__wrapped', arguments: {} });
    expect(wrapped.content).toEqual([{ type: 'text', text: 'token=[redacted]' }]);
  });
});
