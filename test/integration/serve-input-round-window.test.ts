import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { everythingServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { messageOf, modernCall } from '../support/modern-raw';
import { startServe, type Served } from '../support/serve';

// settings.inputRoundWindowMs in mcp.json reaches a headless `serve`: a 2026-07-28 agent that never
// retries its call after `input_required` has it cancelled once that window passes (default five
// minutes, far past this test's wait), and a bad value is refused naming the field and its bound.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

function homeWith(settings: Record<string, unknown>): string {
  const home = tempHome('cs-round-window-');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { everything: everythingServer() }, settings }), { mode: 0o600 });
  return home;
}

describe('settings.inputRoundWindowMs under serve', () => {
  let served: Served;

  beforeAll(async () => {
    const home = homeWith({ inputRoundWindowMs: 1_000 });
    const approved = await runCli(home, ['servers', 'approve', 'everything']);
    expect(approved.code, approved.stderr).toBe(0);
    served = await startServe(home);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
  });

  it('an agent that does not retry within it has its call cancelled', async () => {
    const token = ((await served.api('addAgent', { name: 'slow', servers: ['everything'], policy: ALLOW_ALL })).body.result as { token: string }).token;
    const port = Number(new URL(served.bridge ?? '').port);
    const first = await modernCall(port, token, 'everything__trigger-elicitation-request', {}, { capabilities: { elicitation: { form: {} } } });
    expect(messageOf(first.body).result).toMatchObject({ resultType: 'input_required' });
    const outcome = async (): Promise<string | undefined> =>
      ((await served.api('readAudit', { agent: 'slow' })).body.result as AuditEntry[]).find((e) => e.kind === 'tool')?.outcome;
    await expect.poll(outcome, { timeout: 30_000, interval: 250 }).toBe('cancelled');
  });
});

describe('a bad settings.inputRoundWindowMs', () => {
  it('is refused with the field and the bound, exit 2', async () => {
    const home = homeWith({ inputRoundWindowMs: 5 });
    const result = await runCli(home, ['servers', 'list']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('inputRoundWindowMs');
    expect(result.stderr).toMatch(/1000/);
  });
});
