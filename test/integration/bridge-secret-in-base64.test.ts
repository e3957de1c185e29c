import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactor } from '../../shared/redact';
import { ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';

const BINARY = fileURLToPath(new URL('../fixtures/servers/binary-server.ts', import.meta.url));
const SECRET = 'S3cr3tV4lue-in-a-picture-0123';
const WITHHELD = 'it held a value of the vault]';

let h: BridgeHarness;
let agent: AgentClient;

beforeAll(async () => {
  h = await startBridge({ binary: { command: process.execPath, args: tsEntry(BINARY), cwd: ROOT, env: { BINARY_TEXT: SECRET } } });
  await h.pool.start('binary');
  h.bridge.refresh();
  const { token } = await h.bridge.agents.add('viewer', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  agent = await connectAgent(h.bridge.url, token);
  redactor.addSecret(SECRET);
}, 60_000);

afterAll(async () => {
  redactor.removeSecret(SECRET);
  await agent?.close();
  await h?.close();
});

// A vault value cut out of base64 left no base64: the agent's MCP library refused the whole answer
// ("Invalid Base64 string"), blaming nothing it could fix.
describe('a service answering with base64 that holds a vault value', () => {
  it("a tool's image and embedded file are told as text; the rest of the answer arrives", async () => {
    const result = await agent.client.callTool({ name: 'binary__picture', arguments: {} });
    expect(JSON.stringify(result)).not.toContain(Buffer.from(`PNG ${SECRET}`).toString('base64'));
    expect(result.content).toEqual([
      { type: 'text', text: 'here it is' },
      { type: 'text', text: `[an image the service sent was withheld: ${WITHHELD}` },
      { type: 'resource', resource: { uri: 'binary://file', mimeType: 'text/plain', text: `[the content the service sent was withheld: ${WITHHELD}` } },
    ]);
  });

  it('a resource read as a blob is told as text', async () => {
    const read = await agent.client.readResource({ uri: 'binary://file' });
    expect(read.contents).toEqual([{ uri: 'binary://file', mimeType: 'text/plain', text: `[the content the service sent was withheld: ${WITHHELD}` }]);
  });
});
