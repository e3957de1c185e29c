import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { faultServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { startServe } from '../support/serve';
import { ALLOW_ALL } from '../support/vault-guess';

function auditEntries(home: string): AuditEntry[] {
  const file = join(home, 'audit', 'audit.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as AuditEntry);
}

// The pool calls every cancel a timeout; a call the bridge's stop cancelled is the bridge becoming
// unavailable (call-gate.ts), not the tool taking too long.
describe("an agent's call running when serve stops", () => {
  it('is audited as cancelled with server_unavailable', async () => {
    const home = tempHome('cs-stop-call-');
    const served = await startServe(home);
    try {
      expect((await served.api('addServer', { name: 'fault', config: faultServer() })).status).toBe(200);
      expect((await served.api('approveServer', { name: 'fault' })).status).toBe(200);
      const token = ((await served.api('addAgent', { name: 'caller', servers: '*', policy: ALLOW_ALL })).body.result as { token: string }).token;
      const client = new Client({ name: 'caller', version: '1.0.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      // The tool's first progress says the call reached the server: the stop comes while it runs.
      let began: () => void = () => undefined;
      const running = new Promise<void>((resolve) => (began = resolve));
      const call = client.callTool({ name: 'fault__slow', arguments: { ms: 120_000 } }, undefined, { onprogress: () => began(), timeout: 300_000 }).catch(() => undefined);
      await running;
      await served.stop();
      // The SDK's client does not end a call whose stream the stop closed: its close does.
      await client.close().catch(() => undefined);
      await call;
    } finally {
      if (served.child.exitCode === null && served.child.signalCode === null) served.child.kill('SIGKILL');
    }
    const calls = auditEntries(home).filter((e) => e.kind === 'tool' && e.server === 'fault' && e.tool === 'slow');
    expect(calls).toEqual([expect.objectContaining({ agent: 'caller', outcome: 'cancelled', errorCode: 'server_unavailable' })]);
  }, 90_000);
});
