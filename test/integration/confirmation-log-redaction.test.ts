import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

interface Answer {
  status: number;
  body: { result?: unknown; error?: { code: string; data?: Record<string, unknown> } };
}

/** A process holding the command line's credential (runtime.json). */
async function cliCall(home: string, method: string, input: unknown): Promise<Answer> {
  const { origin, secret } = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
  const response = await fetch(`${origin}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify(input) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

const TOKEN = 'ghp_Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
const PASSWORD = 'hunter2-Very-Secret-99';
const FLAG_VALUE = 'plainClearValue-Zx81Kq';

/** Asks for a widening from the command line; the app holds it for the person. */
async function ask(home: string, method: string, input: unknown): Promise<{ id: string; claim: string }> {
  const asked = await cliCall(home, method, input);
  expect(asked.status, JSON.stringify(asked.body)).toBe(403);
  const { confirmation, claim } = asked.body.error?.data ?? {};
  return { id: String(confirmation), claim: String(claim) };
}

const adminLog = (home: string): string => readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8');

// The card shows the person exactly what would run; the admin log, and any other program listing the
// waiting cards, get the redacted form: a request withdrawn or expired is no exception.
describe('a command-line request that ends without the person', () => {
  let home: string;
  let served: Served | undefined;
  beforeAll(async () => {
    home = tempHome('cs-confirm-redact-');
    expect((await runCli(home, ['servers', 'approve', 'everything', '--yes'])).code).toBe(0);
    served = await startServe(home);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  it('is logged withdrawn without the secrets its arguments held', async () => {
    const { id, claim } = await ask(home, 'callTool', { server: 'everything', tool: 'echo', arguments: { message: `${TOKEN} password=${PASSWORD}` } });
    // The person sees what the tool would get.
    const card = JSON.stringify((await served?.api('listConfirmations', {}))?.body);
    expect(card).toContain(TOKEN);
    // Another program holding the command line's credential does not.
    const listed = await cliCall(home, 'listConfirmations', {});
    expect(JSON.stringify(listed.body)).toContain(id);
    expect(JSON.stringify(listed.body)).not.toContain(TOKEN);
    expect(JSON.stringify((await cliCall(home, 'listDecisions', {})).body)).not.toContain(TOKEN);
    expect((await cliCall(home, 'withdrawConfirmation', { id, claim })).status).toBe(200);
    await expect.poll(() => adminLog(home).split('\n').some((line) => line.includes(id) && line.includes('"withdrawn"')), { timeout: 10_000 }).toBe(true);
    const log = adminLog(home);
    // Nor the claim that withdrew it: it answers for the asker while the request waits.
    expect(log).not.toContain(claim);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(PASSWORD);
  }, 60_000);

  it("is logged without a server argument's credential flag value, in its summary and its input", async () => {
    const { id, claim } = await ask(home, 'addServer', { name: 'flagged', config: { command: process.execPath, args: ['-e', '1', '--token', FLAG_VALUE] } });
    expect((await cliCall(home, 'withdrawConfirmation', { id, claim })).status).toBe(200);
    await expect.poll(() => adminLog(home).split('\n').some((line) => line.includes(id) && line.includes('"withdrawn"')), { timeout: 10_000 }).toBe(true);
    const rows = adminLog(home).trim().split('\n').filter((line) => line.includes(`"confirmation":"${id}"`));
    expect(rows.map((row) => (JSON.parse(row) as { outcome: string }).outcome)).toEqual(['waiting', 'withdrawn']);
    for (const row of rows) {
      expect(row).not.toContain(FLAG_VALUE);
      expect(row).toContain('--token');
    }
  }, 60_000);
});
