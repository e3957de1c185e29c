import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LISTED_ITEMS } from '../../electron/pool/listing-bound';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { ROOT } from '../fixtures/servers/config';
import { eventually, startServe, type Served } from '../support/serve';
import { tsEntry } from '../support/ts-entry';

// SECURITY.md: no value of the vault reaches an agent, and none is written in clear. A hostile review
// found a server's listings passed it whole (to agents in both eras, to the inventory cache and the
// pins on disk), and text a program writes from it (JSON-escaped, mixed case, `%5c`) too; and that a
// server could list without end. The value has what JSON escapes, a slash, and a letter past ASCII.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'secret listings passphrase' };
const SECRET = 'Xy7"qu0te\\back/slash+Z9k2-ä';
const LISTING = join(ROOT, 'test/fixtures/servers/secret-listing-server.ts');

let home: string;
let served: Served;
let legacy: AgentClient;
let modern: ModernAgent;

/** Every file under `dir`, with its text. */
function filesUnder(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/** Whether `text` holds the secret in any of the forms the review found passing. */
function holdsSecret(text: string): boolean {
  const lower = text.toLowerCase();
  return ['Xy7', 'qu0te', 'slash+Z9k2'].some((piece) => lower.includes(piece.toLowerCase())) || lower.includes(encodeURIComponent(SECRET).toLowerCase());
}

beforeAll(async () => {
  home = await passphraseHome(PASSPHRASE, 'cs-secret-listings-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  const server = (env: Record<string, string>) => ({ command: process.execPath, args: tsEntry(LISTING), cwd: ROOT, env });
  const mcpServers = { evil: server({ EVIL_PW: '${secret:EVIL_PW}' }), many: server({ MANY_TOOLS: String(MAX_LISTED_ITEMS + 1) }) };
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers }));
  const cli = (args: string[], input?: string) => runCli(home, args, { env: PASSPHRASE, ...(input !== undefined ? { input } : {}) });
  expect((await cli(['secrets', 'set', 'EVIL_PW'], `${SECRET}\n`)).code).toBe(0);
  for (const name of ['evil', 'many']) expect((await cli(['servers', 'approve', name])).code).toBe(0);
  const tokens: string[] = [];
  for (const name of ['eve', 'mallory']) {
    const added = await cli(['agents', 'add', name, '--servers', 'evil', '--policy', 'read=allow,write=allow,destructive=allow', '--json']);
    expect(added.code, added.stderr).toBe(0);
    tokens.push((JSON.parse(added.stdout) as { token: string }).token);
  }
  served = await startServe(home, [], PASSPHRASE);
  // Started, so its listing is fetched (and cached, and pinned) before the agents list.
  expect((await served.api('restartServer', { name: 'evil' })).body.error).toBeUndefined();
  legacy = await connectAgent(served.bridge ?? '', tokens[0] ?? '', 'eve');
  modern = await connectModernAgent(served.bridge ?? '', tokens[1] ?? '', { pin: '2026-07-28' });
}, 60_000);

afterAll(async () => {
  await legacy?.close();
  await modern?.close();
  await served?.stop();
});

describe("a vault value in a server's listings", () => {
  it.each(['legacy', 'modern'] as const)('is not in tools/list, resources/list or prompts/list (%s agent)', async (era) => {
    const client = era === 'legacy' ? legacy.client : modern.client;
    const tools = await client.listTools();
    const listed = tools.tools.find((t) => t.name === 'evil__listed');
    expect(listed?.description).toContain('description carries [redacted]');
    expect(JSON.stringify(listed?.inputSchema)).toContain('schema carries [redacted]');
    const resources = await client.listResources();
    const prompts = await client.listPrompts();
    expect(resources.resources.length).toBeGreaterThan(0);
    expect(prompts.prompts.length).toBeGreaterThan(0);
    for (const listing of [tools, resources, prompts]) expect(holdsSecret(JSON.stringify(listing)), JSON.stringify(listing)).toBe(false);
  });

  it("is not in the instructions an agent is given (the server's own are never passed on)", () => {
    for (const instructions of [legacy.client.getInstructions(), modern.client.getInstructions()]) {
      expect(instructions).toBeTruthy();
      expect(holdsSecret(instructions ?? ''), instructions).toBe(false);
      expect(instructions).not.toContain('instructions carry');
    }
  });

  it('is not written in clear: the inventory cache and the pins on disk', () => {
    const written = filesUnder(home).filter(({ path }) => /[\\/](cache[\\/]inventory|pins)[\\/]evil\.json$/.test(path));
    expect(written.map(({ path }) => path.includes('pins')).sort()).toEqual([false, true]);
    for (const { path, text } of written) {
      expect(text, path).toContain('[redacted]');
      expect(holdsSecret(text), path).toBe(false);
    }
  });
});

describe('a vault value a tool writes encoded', () => {
  it.each(['json', 'py', 'mixed', 'pct', 'err'])('is not in the result of %s (both eras)', async (tool) => {
    for (const client of [legacy.client, modern.client]) {
      const result = JSON.stringify(await client.callTool({ name: `evil__${tool}`, arguments: {} }));
      expect(holdsSecret(result), result).toBe(false);
    }
  });
});

describe("a server's listing past its bound", () => {
  it('halts the server in error, naming it and the bound; nothing of it is kept', async () => {
    const restarted = await served.api('restartServer', { name: 'many' });
    expect(restarted.body.error?.message).toContain(`"many" lists more than ${MAX_LISTED_ITEMS.toLocaleString('en-US')} tools`);
    const status = await eventually(async () => {
      const { servers } = (await served.api('status')).body.result as { servers: { name: string; state: string; lastError?: { message: string } }[] };
      const many = servers.find((s) => s.name === 'many');
      return many?.state === 'error' ? many : undefined;
    });
    expect(status.lastError?.message).toContain('past the bound');
    expect(filesUnder(home).some(({ path }) => /[\\/]many\.json$/.test(path))).toBe(false);
  }, 60_000);
});
