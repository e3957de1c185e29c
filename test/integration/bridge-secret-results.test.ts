import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAgent, type AgentClient } from '../support/bridge-harness';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { EVERYTHING } from '../fixtures/servers/config';
import { startServe, type Served } from '../support/serve';

// README, Threat model: an agent that only speaks MCP cannot read a secret's value. The reference
// server's get-env tool answers with its whole environment, which holds a secret from the vault.
const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'secret results passphrase' };
const SECRET = 's3cr3t-value-xyz-123456';

const FORMS = { FORM_UPPER: SECRET.toUpperCase(), FORM_BASE64: Buffer.from(SECRET).toString('base64'), FORM_URL: encodeURIComponent(`a b ${SECRET}`) };

const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('');

describe('a value from the vault never reaches an agent in a result', () => {
  let home: string;
  let served: Served;
  let agent: AgentClient;

  beforeAll(async () => {
    home = await passphraseHome(PASSPHRASE, 'cs-secret-results-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    // The encoded and case forms too, in the server's own environment: a call whose arguments held one
    // would wait for the person (SECURITY.md), and what is tested here is what the server sends back.
    const env = { MYKEY: '${secret:MYKEY}', ...FORMS };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything: { command: process.execPath, args: [EVERYTHING, 'stdio'], env } } }));
    const cli = (args: string[], input?: string) => runCli(home, args, { env: PASSPHRASE, ...(input !== undefined ? { input } : {}) });
    expect((await cli(['secrets', 'set', 'MYKEY'], `${SECRET}\n`)).code).toBe(0);
    expect((await cli(['servers', 'approve', 'everything'])).code).toBe(0);
    const added = await cli(['agents', 'add', 'reader', '--servers', 'everything', '--policy', 'read=allow,write=allow', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const { token } = JSON.parse(added.stdout) as { token: string };
    served = await startServe(home, [], PASSPHRASE);
    agent = await connectAgent(served.bridge ?? '', token);
  }, 60_000);
  afterAll(async () => {
    await agent?.close();
    await served?.stop();
  });

  it("the server's environment comes back with the secret's value left out", async () => {
    const text = textOf(await agent.client.callTool({ name: 'everything__get-env', arguments: {} }));
    expect(text).toContain('"MYKEY": "[redacted]"');
    expect(text).not.toContain(SECRET);
  });

  it("in its encoded and case forms too, while the tool's own data passes as it is", async () => {
    const text = textOf(await agent.client.callTool({ name: 'everything__get-env', arguments: {} }));
    for (const [name, form] of Object.entries(FORMS)) {
      expect(text).not.toContain(form);
      expect(text).toMatch(new RegExp(`"${name}": "[^"]*\\[redacted\\]`));
    }
    // Only vault values go: a page token or a "Bearer" in a tool's data is that tool's answer.
    const data = 'nextPageToken=abc123def456 Authorization: Bearer sample-doc-token-1234 password=hunter2hunter2';
    expect(textOf(await agent.client.callTool({ name: 'everything__echo', arguments: { message: data } }))).toBe(`Echo: ${data}`);
  });
});
