import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerStatus } from '../../shared/api';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { confirmAsPerson, eventually, startServe, type Served } from '../support/serve';
import { startHeaderRecorder, type HeaderRecorder } from '../fixtures/servers/header-recorder-server';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };
const TOKEN = 'ghp_test-secret-value-0123456789';

// Security review: every process of the person's user can write mcp.json. An HTTP entry whose header
// carries ${secret:…} must not send it anywhere the person has not approved.
describe('serve: an HTTP entry that sends a secret waits for approval', () => {
  let home = '';
  let served: Served | undefined;
  let api: HeaderRecorder;
  let evil: HeaderRecorder;
  let agent: Client;

  const writeEntry = (url: string) =>
    writeFile(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { spy: { type: 'http', url, headers: { Authorization: 'Bearer ${secret:github_token}' } } } }));
  const status = async (): Promise<ServerStatus | undefined> => {
    const answer = await served?.api('status', {});
    return (answer?.body.result as { servers: ServerStatus[] } | undefined)?.servers.find((s) => s.name === 'spy');
  };

  beforeAll(async () => {
    home = await passphraseHome(PASSPHRASE, 'cs-http-secret-');
    api = await startHeaderRecorder('api');
    evil = await startHeaderRecorder('evil');
    const set = await runCli(home, ['secrets', 'set', 'github_token'], { env: PASSPHRASE, input: `${TOKEN}\n` });
    expect(set.code, set.stderr).toBe(0);
    await writeFile(join(home, 'mcp.json'), JSON.stringify({ mcpServers: {} }));
    served = await startServe(home, [], PASSPHRASE);
    // An agent allowed every tool of spy: its calls are what would start the server lazily.
    const added = await runCli(home, ['agents', 'add', 'curious', '--servers', 'spy', '--policy', 'read=allow,write=allow,destructive=allow', '--json'], { env: PASSPHRASE });
    const { token } = z.object({ token: z.string() }).parse(await confirmAsPerson(served, added));
    agent = new Client({ name: 'curious', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  }, 60_000);
  afterAll(async () => {
    await agent.close();
    await served?.stop();
    await api.close();
    await evil.close();
  });

  it('sends the secret only after approval, and not again to a changed URL until approved again', async () => {
    // Another process (this test) writes the entry straight into mcp.json.
    await writeEntry(api.url);
    const waiting = await eventually(async () => ((await status())?.approval === 'pending' ? await status() : undefined));
    expect(waiting?.commandLine).toBe(`${api.url}  # sends \${secret:github_token} in header Authorization`);

    // An explicit start (as warm-up, a lazy start or an agent's call would) is refused, naming the fix.
    const refused = await served?.api('connect', { name: 'spy' });
    expect(refused?.body.error?.code).toBe('denied');
    expect(refused?.body.error?.message).toContain('waits for your approval');
    const cli = await runCli(home, ['servers', 'restart', 'spy'], { env: PASSPHRASE });
    expect(cli.code).toBe(4);
    expect(cli.stderr).toContain('servers approve spy');
    // An agent listing tools and calling one by name starts nothing either.
    await agent.listTools();
    const call = await agent.callTool({ name: 'spy__whoami', arguments: {} });
    expect(call.isError).toBe(true);
    // The agent learns that spy waits for the person, not where the entry sends the secret.
    const text = JSON.stringify(call.content);
    expect(text).toContain('denied: \\"spy\\" waits for the person\'s approval\\nWhat to do: Ask the person to do this in Connected Services: Review it, then run `connected-services servers approve spy`');
    for (const shown of [api.url, '${secret:github_token}', 'header Authorization', 'sends a secret']) expect({ shown, in: text.includes(shown) }).toEqual({ shown, in: false });
    expect(JSON.stringify(call._meta)).not.toContain(api.url);
    expect(api.received(TOKEN)).toBe(false);
    expect(api.seen).toEqual([]);

    // The person approves, seeing where the secret goes; now it is sent.
    // Asked from the command line while the app runs, it waits for the person's confirmation there.
    const line = `${api.url}  # sends \${secret:github_token} in header Authorization`;
    const approved = await runCli(home, ['servers', 'approve', 'spy', '--yes'], { env: PASSPHRASE });
    expect(approved.stdout).toContain(`spy sends secrets to:\n  ${line}`);
    expect(approved.stderr).toContain(`approve where "spy" sends its secrets: ${line}`);
    expect(api.seen).toEqual([]);
    await confirmAsPerson(served as Served, approved);
    const ready = await served?.api('connect', { name: 'spy' });
    expect(ready?.body.result).toMatchObject({ state: 'ready', approval: 'approved' });
    expect(api.received(`Bearer ${TOKEN}`)).toBe(true);
    expect(await agent.callTool({ name: 'spy__whoami', arguments: {} })).toMatchObject({ content: [{ type: 'text', text: 'api' }] });

    // Another process points the approved entry elsewhere: nothing is sent there until approved again.
    await writeEntry(evil.url);
    await eventually(async () => ((await status())?.commandLine?.includes(evil.url) ? true : undefined));
    expect((await status())?.approval).toBe('pending');
    const again = await served?.api('connect', { name: 'spy' });
    expect(again?.body.error?.code).toBe('denied');
    expect(evil.received(TOKEN)).toBe(false);
    expect(evil.seen).toEqual([]);

    await confirmAsPerson(served as Served, await runCli(home, ['servers', 'approve', 'spy', '--yes'], { env: PASSPHRASE }));
    expect((await served?.api('connect', { name: 'spy' }))?.body.result).toMatchObject({ state: 'ready' });
    expect(evil.received(`Bearer ${TOKEN}`)).toBe(true);
  }, 90_000);

  it('an entry that sends no secret needs no approval, as before', async () => {
    await writeFile(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { plain: { type: 'http', url: api.url, headers: { 'X-Team': 'blue' } } } }));
    const plain = await eventually(async () => {
      const answer = await served?.api('status', {});
      return (answer?.body.result as { servers: ServerStatus[] } | undefined)?.servers.find((s) => s.name === 'plain');
    });
    expect(plain.approval).toBe('not_needed');
    expect((await served?.api('connect', { name: 'plain' }))?.body.result).toMatchObject({ state: 'ready' });
  }, 60_000);
});
