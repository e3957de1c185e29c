import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { askingServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { startServe } from '../support/serve';
import { ALLOW_ALL } from '../support/vault-guess';

const ASKED = 26;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

// The requests past the first 20 of a minute are counted into one entry written when the minute ends:
// `serve` stopped within that minute wrote nothing of them, and the audit lost how many there were.
describe("a server's requests counted in the last minute before serve stops", () => {
  it('reach the audit file when serve stops, as one entry with `requests`', async () => {
    const home = tempHome();
    const served = await startServe(home);
    try {
      expect((await served.api('addServer', { name: 'asking', config: askingServer() })).status).toBe(200);
      expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
      const { token } = (await served.api('addAgent', { name: 'asked', servers: ['asking'], policy: ALLOW_ALL })).body.result as { token: string };
      const client = new Client({ name: 'asked', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
      client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'decline' }));
      await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      try {
        // 150 ms apart: under the ask budget of 10 a second, so every one reaches the audit.
        expect(textOf(await client.callTool({ name: 'asking__ask-many', arguments: { n: ASKED, gapMs: 150 } }))).toBe(`decline ${ASKED}`);
      } finally {
        await client.close();
      }
    } finally {
      await served.stop();
    }
    const entries = readFileSync(join(home, 'audit', 'audit.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as AuditEntry)
      .filter((e) => e.kind === 'elicitation' && e.agent === 'asked');
    const written = entries.filter((e) => e.requests === undefined);
    const counted = entries.filter((e) => e.requests !== undefined);
    expect(written).toHaveLength(20);
    expect(counted).toEqual([expect.objectContaining({ server: 'asking', answer: 'decline', answeredBy: 'agent', requests: ASKED - 20 })]);
  }, 90_000);
});
