import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { LeanClient } from '../bench/lean-client';
import { runCli, tempHome } from '../support/cli';
import { confirmAsPerson, startServe } from '../support/serve';

function auditLines(home: string): Array<{ agent: string; tool: string; outcome: string }> {
  const file = join(home, 'audit', 'audit.jsonl');
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => JSON.parse(l) as { agent: string; tool: string; outcome: string });
}

// The audit's promise: a call an agent got its answer to is in the file, even if serve dies at once.
describe('a serve killed right after a call', () => {
  it('has the audit lines of the calls it answered (a session and a 2026-07-28 call) after SIGKILL', async () => {
    const home = tempHome();
    const served = await startServe(home);
    // Killed by the test: no exit code to wait for.
    onTestFinished(async () => {
      if (served.child.signalCode === null) await served.stop();
    });
    const add = await runCli(home, ['agents', 'add', 'crasher', '--servers', 'everything', '--policy', 'read=allow,write=allow,destructive=allow', '--json']);
    const { token } = (await confirmAsPerson(served, add)) as { token: string };
    const url = served.bridge ?? '';
    const client = new Client({ name: 'crasher', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
    const modern = LeanClient.modern(url, token);
    const exited = new Promise((resolve) => served.child.once('exit', resolve));
    try {
      await client.callTool({ name: 'everything__echo', arguments: { message: 'session' } });
      expect(await modern.callTool('everything__echo', { message: 'stateless' })).toBe('Echo: stateless');
      // No exit handler runs on SIGKILL: what is not in the file now is lost.
      served.child.kill('SIGKILL');
      await exited;
    } finally {
      await modern.close();
      await client.close().catch(() => undefined);
    }
    const calls = auditLines(home).filter((l) => l.agent === 'crasher' && l.tool === 'echo');
    expect(calls.map((l) => l.outcome)).toEqual(['ok', 'ok']);
  });
});
