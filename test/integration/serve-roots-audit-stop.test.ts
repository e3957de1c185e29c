import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ListRootsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { askingServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { startServe } from '../support/serve';
import { ALLOW_ALL } from '../support/vault-guess';

function rootsEntries(home: string): AuditEntry[] {
  const file = join(home, 'audit', 'audit.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as AuditEntry).filter((e) => e.kind === 'roots');
}

/**
 * serve with an agent in a call whose server asked for roots twice and holds the call open; `stop`
 * ends serve while the call runs. Returns the audit's roots entries once serve is gone.
 */
async function stoppedMidCall(stop: 'SIGTERM' | 'SIGKILL'): Promise<AuditEntry[]> {
  const home = tempHome('cs-roots-stop-');
  const served = await startServe(home);
  onTestFinished(async () => {
    if (served.child.exitCode === null && served.child.signalCode === null) await served.stop();
  });
  expect((await served.api('addServer', { name: 'asking', config: askingServer() })).status).toBe(200);
  expect((await served.api('approveServer', { name: 'asking' })).status).toBe(200);
  const { token } = (await served.api('addAgent', { name: 'held', servers: ['asking'], policy: ALLOW_ALL })).body.result as { token: string };

  const client = new Client({ name: 'held', version: '1.0.0' }, { capabilities: { roots: { listChanged: true } } });
  let asked = 0;
  let secondAsked: () => void = () => undefined;
  const second = new Promise<void>((resolve) => (secondAsked = resolve));
  client.setRequestHandler(ListRootsRequestSchema, () => {
    asked += 1;
    // The server sends its second request only once the first was answered, and so audited.
    if (asked === 2) secondAsked();
    return { roots: [{ uri: 'file:///home/me/project' }] };
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  const call = client.callTool({ name: 'asking__ask-roots-hold', arguments: { n: 2 } }).catch(() => undefined);
  try {
    await second;
    const exited = new Promise((resolve) => served.child.once('exit', resolve));
    served.child.kill(stop);
    await exited;
  } finally {
    await client.close().catch(() => undefined);
    await call;
  }
  return rootsEntries(home);
}

// The audit's promise for a server's roots/list: the call's first is in the file as soon as it was
// answered, whether serve then stops or dies while the call still runs.
describe('serve stopped in the middle of a call whose server asked for roots', () => {
  const first = { agent: 'held', server: 'asking', kind: 'roots', answeredBy: 'agent', roots: 1, requests: 1 };

  it('killed (SIGKILL, no exit handler runs): the first request\'s entry is in the file', async () => {
    const roots = await stoppedMidCall('SIGKILL');
    expect(roots[0]).toMatchObject(first);
    expect(JSON.stringify(roots)).not.toContain('/home/me');
  }, 60_000);

  it('stopped (SIGTERM): both requests are counted, the second in the entry the call\'s end writes', async () => {
    const roots = await stoppedMidCall('SIGTERM');
    expect(roots[0]).toMatchObject(first);
    expect(roots.reduce((sum, e) => sum + (e.requests ?? 0), 0)).toBe(2);
    expect(roots).toHaveLength(2);
  }, 60_000);
});
