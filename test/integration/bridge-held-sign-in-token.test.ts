import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openVault } from '../../electron/vault';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { BROWSER, startStack } from '../support/oauth-stack';
import { heldApproval } from '../support/held-approval';
import { startServe, type Served } from '../support/serve';

// SECURITY.md, "Guessed values": a sign-in's access token in a call is held as that sign-in's token, not "from the vault".
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'held sign-in token passphrase' };
const REASON = 'its arguments hold the sign-in token of notes';

type Text = { content?: { type: string; text?: string }[]; isError?: boolean };
const textOf = (result: unknown): string => ((result as Text).content ?? []).map((c) => c.text ?? '').join('\n');

/** The access token stored for a server, read from the vault the way another process would. */
async function storedAccessToken(home: string, server: string): Promise<string> {
  const vault = await openVault({ dataDir: home, env: PASSPHRASE });
  try {
    const key = (await vault.keys({ server })).find((k) => k.kind.startsWith('tokens:'));
    const record = key ? (JSON.parse((await vault.get(key)) ?? '{}') as { accessToken?: string }) : {};
    if (record.accessToken === undefined) throw new Error(`no access token stored for ${server}`);
    return record.accessToken;
  } finally {
    await vault.close();
  }
}

describe('a sign-in token in a call, through serve and a real authorization server', () => {
  let child: ChildProcess;
  let home: string;
  let served: Served;
  let client: Client;

  beforeAll(async () => {
    let stack;
    ({ stack, child } = await startStack());
    home = await passphraseHome(PASSPHRASE, 'cs-held-sign-in-');
    const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
    expect((await cli(['servers', 'add', 'notes', '--url', stack.mcpUrl])).code).toBe(0);
    expect((await cli(['connect', 'notes', '--open-with', BROWSER])).code).toBe(0);
    const added = await cli(['agents', 'add', 'guesser', '--servers', 'notes', '--policy', 'read=allow,write=allow,destructive=allow', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const { token } = JSON.parse(added.stdout) as { token: string };
    served = await startServe(home, [], PASSPHRASE);
    client = new Client({ name: 'guesser', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  }, 90_000);
  afterAll(async () => {
    await client?.close();
    await served?.stop();
    child?.stdin?.end();
    child?.kill();
  });

  it("holds the call with the sign-in's name, in approvals list and the audit, never the token", async () => {
    expect(textOf(await client.callTool({ name: 'notes__echo', arguments: { text: 'hi' } }))).toContain('echo: hi');
    const accessToken = await storedAccessToken(home, 'notes');
    const call = client.callTool({ name: 'notes__echo', arguments: { text: accessToken } });
    const { id, stdout } = await heldApproval(home, PASSPHRASE);
    expect(stdout).toContain(`${id} WARNING: held because ${REASON};`);
    expect(stdout).toContain('[secret sign-in token of notes]');
    expect(stdout).not.toContain(accessToken);
    expect((await runCli(home, ['approvals', 'deny', id], { env: PASSPHRASE })).code).toBe(0);
    const refused = await call;
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).not.toContain(accessToken);
    const audit = (await served.api('readAudit', { agent: 'guesser' })).body.result as { outcome: string; warning?: string }[];
    expect(audit[0]).toMatchObject({ outcome: 'denied', warning: REASON });
    expect(served.stderr()).not.toContain(accessToken);
  });
});
