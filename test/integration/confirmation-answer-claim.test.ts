import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

interface Answer {
  status: number;
  body: { result?: { outcome?: string; result?: unknown }; error?: { code: string; data?: Record<string, unknown> } };
}

/** A process holding the command line's credential (runtime.json): two of them are told apart by nothing else. */
async function cliCall(home: string, method: string, input: unknown): Promise<Answer> {
  const { origin, secret } = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
  const response = await fetch(`${origin}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify(input) });
  return { status: response.status, body: (await response.json()) as Answer['body'] };
}

describe('confirmationAnswer: the answer of a confirmed command is its asker\'s alone', () => {
  let home: string;
  let served: Served | undefined;

  beforeAll(async () => {
    home = tempHome();
    // A new home lists the demo server "everything"; the person approved it.
    expect((await runCli(home, ['servers', 'approve', 'everything', '--yes'])).code).toBe(0);
    // The user's own home, where a client's configuration is written, apart from the data folder.
    served = await startServe(home, [], { HOME: mkdtempSync(join(tmpdir(), 'cs-answer-claim-user-')), XDG_CONFIG_HOME: '' });
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });

  it('another command-line caller sees the id listed but gets not_found; the asker gets the result once', async () => {
    const asked = await cliCall(home, 'callTool', { server: 'everything', tool: 'echo', arguments: { message: 'the person\'s data' } });
    expect(asked.status).toBe(403);
    const data = asked.body.error?.data ?? {};
    const id = data['confirmation'];
    const claim = data['claim'];
    expect(typeof id).toBe('string');
    expect(claim).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The other process lists it: ids are no capability.
    const listed = (await cliCall(home, 'listConfirmations', {})).body.result as unknown as { id: string }[];
    expect(listed.map((c) => c.id)).toContain(id);
    expect(JSON.stringify(listed)).not.toContain(String(claim));
    const decided = await served?.api('decide', { kind: 'confirmation', id, answer: { decision: 'confirm' } });
    expect(decided?.status).toBe(200);

    expect((await cliCall(home, 'confirmationAnswer', { id })).body.error?.code).toBe('invalid_input');
    const stolen = await cliCall(home, 'confirmationAnswer', { id, claim: 'A'.repeat(43) });
    expect(stolen.body.error?.code).toBe('not_found');
    expect(JSON.stringify(stolen.body)).not.toContain('the person');

    const mine = await cliCall(home, 'confirmationAnswer', { id, claim });
    expect(mine.body.result?.outcome).toBe('confirmed');
    expect(JSON.stringify(mine.body.result?.result)).toContain('the person\'s data');
    // Read once: a claim that leaked later reads no result.
    const again = await cliCall(home, 'confirmationAnswer', { id, claim });
    expect(again.body.result).toEqual({ outcome: 'confirmed' });
  }, 60_000);

  it("a connect to VS Code confirmed by the person gives its asker the plan, never the agent's new token", async () => {
    expect((await served?.api('addAgent', { name: 'vs', servers: [] }))?.status).toBe(200);
    const plan = await cliCall(home, 'planClientConnection', { agent: 'vs', client: 'vscode' });
    const base = (plan.body.result as { base?: unknown } | undefined)?.base;
    const asked = await cliCall(home, 'connectClient', { agent: 'vs', client: 'vscode', base });
    expect(asked.status).toBe(403);
    const { confirmation: id, claim } = asked.body.error?.data ?? {};
    const decided = await served?.api('decide', { kind: 'confirmation', id, answer: { decision: 'confirm' } });
    expect(decided?.status).toBe(200);
    // The person who confirmed is shown the token VS Code will ask for.
    expect(JSON.stringify(decided?.body)).toMatch(/"token":"cs_agent_/);
    const mine = await cliCall(home, 'confirmationAnswer', { id, claim });
    expect(mine.body.result?.outcome).toBe('confirmed');
    expect(JSON.stringify(mine.body.result?.result)).toContain('mcp.json');
    expect(JSON.stringify(mine.body)).not.toContain('cs_agent_');
  }, 60_000);
});
