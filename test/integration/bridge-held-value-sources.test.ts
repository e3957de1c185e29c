import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { EVERYTHING } from '../fixtures/servers/config';
import { heldApproval } from '../support/held-approval';
import { startServe, type Served } from '../support/serve';

// SECURITY.md, "Guessed values": a held call says where the value came from, not always "the vault".
const ENV_VALUE = 'env-held-source-value-5551212';
const OLD_VALUE = 'ghp_rotated-away-value-5551213';
const NEW_VALUE = 'ghp_rotated-in-value-5551214';
const ENV_REASON = 'its arguments hold the value of the environment variable CS_HELD_ENV_TOKEN';
const FORMER_REASON = 'its arguments hold a former value of ROTATED_TOKEN from the vault';
const ENV = { CS_HELD_ENV_TOKEN: ENV_VALUE };

type Text = { content?: { type: string; text?: string }[]; isError?: boolean };
const textOf = (result: unknown): string => ((result as Text).content ?? []).map((c) => c.text ?? '').join('\n');

describe('a held call names where the value came from, through serve', () => {
  let home: string;
  let served: Served;
  let client: Client;

  beforeAll(async () => {
    home = tempHome('cs-held-sources-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const env = { HELD_TOKEN: '${env:CS_HELD_ENV_TOKEN}' };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env } } }));
    expect((await runCli(home, ['servers', 'approve', 'everything'], { env: ENV })).code).toBe(0);
    const added = await runCli(home, ['agents', 'add', 'guesser', '--servers', 'everything', '--policy', 'read=allow,write=allow,destructive=allow', '--json'], { env: ENV });
    expect(added.code, added.stderr).toBe(0);
    const { token } = JSON.parse(added.stdout) as { token: string };
    served = await startServe(home, [], ENV);
    client = new Client({ name: 'guesser', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  }, 60_000);
  afterAll(async () => {
    await client?.close();
    await served?.stop();
  });

  /** Calls echo with `message`, waits for it in `approvals list`, checks the reason there, denies it. */
  async function heldAndDenied(message: string, reason: string): Promise<void> {
    const call = client.callTool({ name: 'everything__echo', arguments: { message } });
    const { id, stdout } = await heldApproval(home);
    expect(stdout).toContain(`${id} WARNING: held because ${reason};`);
    expect(stdout).not.toContain(message);
    expect((await runCli(home, ['approvals', 'deny', id])).code).toBe(0);
    const refused = await call;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).not.toContain(message);
  }

  it("holds an ${env:…} value with the environment variable's name, and a rotated secret's old value as a former value of it", async () => {
    // The server's start resolves its ${env:…}: from then on its value is one we hold.
    expect(textOf(await client.callTool({ name: 'everything__echo', arguments: { message: 'hello' } }))).toContain('hello');
    await heldAndDenied(`try ${ENV_VALUE}`, ENV_REASON);

    expect((await served.api('setSecret', { name: 'ROTATED_TOKEN', value: OLD_VALUE })).status).toBe(200);
    expect((await served.api('setSecret', { name: 'ROTATED_TOKEN', value: NEW_VALUE })).status).toBe(200);
    // From the agent's second such call on, the reason counts them.
    const second = `${FORMER_REASON} (the 2nd such call of guesser since Connected Services started)`;
    await heldAndDenied(OLD_VALUE, second);
    // Deleted from the vault, its last value is still held, as a former value of it.
    expect((await served.api('deleteSecret', { name: 'ROTATED_TOKEN' })).status).toBe(200);
    const deleted = 'its arguments hold a former value of ROTATED_TOKEN from the vault (the 3rd such call of guesser since Connected Services started)';
    await heldAndDenied(NEW_VALUE, deleted);

    const audit = (await served.api('readAudit', { agent: 'guesser' })).body.result as { outcome: string; warning?: string }[];
    expect(audit.map((e) => [e.outcome, e.warning])).toEqual([
      ['denied', deleted],
      ['denied', second],
      ['denied', ENV_REASON],
      ['ok', undefined],
    ]);
    const onDisk = readFileSync(join(home, 'audit', 'audit.jsonl'), 'utf8');
    for (const value of [ENV_VALUE, OLD_VALUE, NEW_VALUE]) {
      expect(onDisk).not.toContain(value);
      expect(served.stderr()).not.toContain(value);
    }
  });
});
