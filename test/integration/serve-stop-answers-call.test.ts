import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { faultServer } from '../fixtures/servers/config';
import { tempHome } from '../support/cli';
import { connectModernAgent } from '../support/modern-agent';
import { MODERN } from '../support/modern-raw';
import { startServe, type Served } from '../support/serve';
import { ALLOW_ALL } from '../support/vault-guess';

/** Long enough for a loaded machine, far below the call's own timeout and the tool's sleep. */
const SETTLE_MS = 30_000;

/** What a call that settled says, or that it did not settle in time. */
type Outcome = { settled: 'resolved' } | { settled: 'rejected'; message: string; code: unknown } | { settled: 'not in time' };

function outcomeOf(call: Promise<unknown>, timer: { ms: number }): Promise<Outcome> {
  let stop: NodeJS.Timeout | undefined;
  const late = new Promise<Outcome>((resolve) => (stop = setTimeout(() => resolve({ settled: 'not in time' }), timer.ms)));
  const settled = call.then(
    (): Outcome => ({ settled: 'resolved' }),
    (error: unknown): Outcome => ({ settled: 'rejected', message: error instanceof Error ? error.message : String(error), code: (error as { code?: unknown }).code }),
  );
  return Promise.race([settled, late]).finally(() => clearTimeout(stop));
}

async function servedWithFault(prefix: string): Promise<{ served: Served; token: string }> {
  const served = await startServe(tempHome(prefix));
  expect((await served.api('addServer', { name: 'fault', config: faultServer() })).status).toBe(200);
  expect((await served.api('approveServer', { name: 'fault' })).status).toBe(200);
  const token = ((await served.api('addAgent', { name: 'caller', servers: '*', policy: ALLOW_ALL })).body.result as { token: string }).token;
  return { served, token };
}

/** The audit's entries of the slow call, once serve has stopped. */
function slowCalls(home: string): AuditEntry[] {
  const file = join(home, 'audit', 'audit.jsonl');
  if (!existsSync(file)) return [];
  const entries = readFileSync(file, 'utf8').split('\n').filter((line) => line !== '').map((line) => JSON.parse(line) as AuditEntry);
  return entries.filter((e) => e.kind === 'tool' && e.server === 'fault' && e.tool === 'slow');
}

/** The tool's first progress says the call reached the server: the stop comes while it runs. */
function progressSeen(): { began: Promise<void>; onprogress: () => void } {
  let onprogress: () => void = () => undefined;
  const began = new Promise<void>((resolve) => (onprogress = resolve));
  return { began, onprogress };
}

const STOPPING = /Connected Services bridge is stopping.*may already have run/is;

/** The call was refused with server_unavailable's code and a message that says the bridge is stopping and the call may already have run. */
function expectStopping(outcome: Outcome): void {
  expect(outcome.settled === 'rejected' ? { code: outcome.code, says: STOPPING.test(outcome.message) } : outcome).toEqual({ code: -32013, says: true });
}

/**
 * Starts the slow call, stops serve once the tool runs, and checks what both eras must show: the call
 * answered with the stopping error, serve exiting 0, and the call audited as one the stop cancelled.
 */
async function stopDuringCall(served: Served, start: (onprogress: () => void) => Promise<unknown>): Promise<void> {
  const { began, onprogress } = progressSeen();
  const call = start(onprogress);
  await began;
  const stopped = served.stop();
  expectStopping(await outcomeOf(call, { ms: SETTLE_MS }));
  expect(await stopped).toBe(0);
  expect(slowCalls(served.home)).toEqual([expect.objectContaining({ agent: 'caller', outcome: 'cancelled', errorCode: 'server_unavailable' })]);
}

// A stop answers every call in flight with a JSON-RPC error before it closes the streams (MCP 2025-11-25
// basic/transports §Streamable HTTP): an SDK client whose answer stream just ended would wait for ever.
describe("an agent's call running when serve stops", () => {
  it('is answered with an error that says the bridge is stopping (2025-11-25 session)', async () => {
    const { served, token } = await servedWithFault('cs-stop-answer-');
    const client = new Client({ name: 'caller', version: '1.0.0' });
    try {
      await client.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
      await stopDuringCall(served, (onprogress) => client.callTool({ name: 'fault__slow', arguments: { ms: 120_000 } }, undefined, { onprogress, timeout: 300_000 }));
    } finally {
      await client.close().catch(() => undefined);
      if (served.child.exitCode === null && served.child.signalCode === null) served.child.kill('SIGKILL');
    }
  }, 120_000);

  it('is answered with an error that says the bridge is stopping (2026-07-28)', async () => {
    const { served, token } = await servedWithFault('cs-stop-answer-modern-');
    const agent = await connectModernAgent(served.bridge ?? '', token, { pin: MODERN });
    try {
      await stopDuringCall(served, (onprogress) => agent.client.callTool({ name: 'fault__slow', arguments: { ms: 120_000 } }, { onprogress, timeout: 300_000 }));
    } finally {
      await agent.close().catch(() => undefined);
      if (served.child.exitCode === null && served.child.signalCode === null) served.child.kill('SIGKILL');
    }
  }, 120_000);
});
