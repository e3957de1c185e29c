import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DecisionRecordSchema, type Decision, type DecisionRecord } from '../../shared/api';
import { ASKING_SERVER, ROOT } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';
import { openEvents } from '../support/ui-events';
import { tsEntry } from '../support/ts-entry';

/** The command line's credential (runtime.json), as a script on this machine would use it. */
function cliCall(home: string, method: string, input: unknown): Promise<Response> {
  const { origin, secret } = JSON.parse(readFileSync(join(home, 'runtime.json'), 'utf8')) as { origin: string; secret: string };
  return fetch(`${origin}/api/${method}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify(input) });
}

const eventsNamed = (text: string, name: string): unknown[] =>
  [...text.matchAll(new RegExp(`event: ${name}\\ndata: (.*)\\n`, 'g'))].map((m) => JSON.parse(m[1] ?? 'null') as unknown);

describe('listDecisions / decide: every kind of decision through one pair, the older names still answering', () => {
  let home: string;
  let served: Served;
  let agent: Client;

  beforeAll(async () => {
    home = tempHome();
    const added = await runCli(home, ['agents', 'add', 'me', '--servers', 'everything', '--policy', 'read=ask,write=deny,destructive=deny', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const token = (JSON.parse(added.stdout) as { token: string }).token;
    expect((await runCli(home, ['servers', 'add', 'asking', '--cwd', ROOT, '--', process.execPath, ...tsEntry(ASKING_SERVER)])).code).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'asking', '--yes'])).code).toBe(0);
    served = await startServe(home);
    agent = new Client({ name: 'me', version: '1.0.0' });
    await agent.connect(new StreamableHTTPClientTransport(new URL(served.bridge ?? ''), { requestInit: { headers: { authorization: `Bearer ${token}` } } }));
  }, 60_000);
  afterAll(async () => {
    await agent.close().catch(() => undefined);
    await served.stop();
  });

  /** One decision of each kind waiting: an agent's call, a widening from the command line, a server's form. */
  async function oneOfEach(tag: string) {
    const call = agent.callTool({ name: 'everything__echo', arguments: { message: tag } });
    const asked = await cliCall(home, 'addAgent', { name: `agent-${tag}` });
    expect(asked.status).toBe(403);
    const ask = served.api('callTool', { server: 'asking', tool: 'ask-for', arguments: { who: tag } });
    const waiting = await eventually(async () => {
      const list = (await served.api('listDecisions')).body.result as Decision[];
      const found = {
        call: list.find((d) => d.kind === 'call' && JSON.stringify(d.item).includes('echo')),
        confirmation: list.find((d) => d.kind === 'confirmation' && d.summary.includes(`agent-${tag}`)),
        ask: list.find((d) => d.kind === 'ask' && d.item.message === `for ${tag}`),
      };
      return found.call && found.confirmation && found.ask ? { call: found.call, confirmation: found.confirmation, ask: found.ask } : undefined;
    }, 30_000);
    return { call, ask, waiting };
  }

  it('lists each kind in one list, decides each with decide, and records who, what, kind, outcome and when', async () => {
    const events = await openEvents(served);
    const { call, ask, waiting } = await oneOfEach('first');
    // The older lists see the same ones.
    expect(((await served.api('listApprovals')).body.result as { id: string }[]).map((a) => a.id)).toContain(waiting.call.id);
    expect(((await served.api('listConfirmations')).body.result as { id: string }[]).map((c) => c.id)).toContain(waiting.confirmation.id);
    expect(((await served.api('listAsks')).body.result as { id: string }[]).map((a) => a.id)).toContain(waiting.ask.id);

    expect((await served.api('decide', { kind: 'call', id: waiting.call.id, answer: { decision: 'allow' } })).body.result).toEqual({ outcome: 'allowed' });
    expect(JSON.stringify(await call)).toContain('first');
    expect((await served.api('decide', { kind: 'confirmation', id: waiting.confirmation.id, answer: { decision: 'refuse' } })).body.result).toEqual({ outcome: 'refused' });
    expect((await served.api('decide', { kind: 'ask', id: waiting.ask.id, answer: { action: 'accept', content: { reply: 'yes' } } })).body.result).toEqual({ outcome: 'accept' });
    expect(JSON.stringify((await ask).body)).toContain('first: accept yes');
    expect(((await served.api('listAgents')).body.result as { name: string }[]).map((a) => a.name)).not.toContain('agent-first');

    // Both pairs of events: the new ones, and each kind's older one (kept for one release).
    const settled = await eventually(() => {
      const records = eventsNamed(events.text(), 'decisionSettled') as DecisionRecord[];
      return Promise.resolve(records.length >= 3 ? records : undefined);
    });
    expect(settled.map(({ kind, who, outcome }) => ({ kind, who, outcome }))).toEqual([
      { kind: 'call', who: 'app', outcome: 'allowed' },
      { kind: 'confirmation', who: 'app', outcome: 'refused' },
      { kind: 'ask', who: 'app', outcome: 'accept' },
    ]);
    const text = events.text();
    expect((eventsNamed(text, 'decisionAdded') as Decision[]).map((d) => d.kind).sort()).toEqual(['ask', 'call', 'confirmation']);
    for (const name of ['approvalPending', 'approvalDecided', 'confirmationPending', 'confirmationDecided', 'askPending', 'askSettled']) {
      expect(eventsNamed(text, name), name).toHaveLength(1);
    }
    await events.close();

    // One shape on disk for every kind.
    const lines = await eventually(() => {
      const rows = readFileSync(join(home, 'audit', 'decisions.jsonl'), 'utf8').trim().split('\n').filter(Boolean);
      return Promise.resolve(rows.length >= 3 ? rows : undefined);
    });
    const records = lines.map((line) => DecisionRecordSchema.parse(JSON.parse(line)));
    expect(records.map((r) => r.kind)).toEqual(['call', 'confirmation', 'ask']);
    expect(records[1]?.what).toContain('agent-first');
  }, 90_000);

  it('still answers the older per-kind methods, and records who decided through them', async () => {
    const { call, ask, waiting } = await oneOfEach('second');
    expect((await served.api('decideApproval', { id: waiting.call.id, decision: 'deny' })).body.result).toEqual({ ok: true });
    expect(JSON.stringify(await call)).toMatch(/denied|declined|refused/i);
    expect((await served.api('decideConfirmation', { id: waiting.confirmation.id, decision: 'refuse' })).body.result).toEqual({ outcome: 'refused' });
    expect((await served.api('answerAsk', { id: waiting.ask.id, action: 'decline' })).body.result).toEqual({ ok: true });
    expect(JSON.stringify((await ask).body)).toContain('second: decline');
    const records = await eventually(() => {
      const rows = readFileSync(join(home, 'audit', 'decisions.jsonl'), 'utf8').trim().split('\n').map((l) => DecisionRecordSchema.parse(JSON.parse(l)));
      return Promise.resolve(rows.length >= 6 ? rows.slice(3) : undefined);
    });
    expect(records.map(({ kind, who, outcome }) => ({ kind, who, outcome }))).toEqual([
      { kind: 'call', who: 'app', outcome: 'denied' },
      { kind: 'confirmation', who: 'app', outcome: 'refused' },
      { kind: 'ask', who: 'app', outcome: 'decline' },
    ]);
  }, 90_000);

  it("keeps each kind's power at the door: the command line may not decide a confirmation or an ask, and allowing a call waits for the person", async () => {
    const refused = await cliCall(home, 'decide', { kind: 'confirmation', id: 'c-000000000000', answer: { decision: 'confirm' } });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toMatch(/the person's own/);
    const ask = await cliCall(home, 'decide', { kind: 'ask', id: 'ask_x', answer: { action: 'accept' } });
    expect(ask.status).toBe(403);

    const call = agent.callTool({ name: 'everything__echo', arguments: { message: 'third' } });
    const waiting = await eventually(async () => ((await served.api('listDecisions')).body.result as Decision[]).find((d) => d.kind === 'call'));
    const allow = await cliCall(home, 'decide', { kind: 'call', id: waiting.id, answer: { decision: 'allow' } });
    expect(allow.status).toBe(403);
    const body = (await allow.json()) as { error: { data?: { confirmation?: string } } };
    expect(body.error.data?.confirmation).toMatch(/^c-/);
    // The call still waits; denying (narrowing) from the command line is done at once.
    expect(((await served.api('listDecisions')).body.result as Decision[]).some((d) => d.id === waiting.id)).toBe(true);
    expect((await cliCall(home, 'decide', { kind: 'call', id: waiting.id, answer: { decision: 'deny' } })).status).toBe(200);
    await call.catch(() => undefined);
    // An unknown kind is refused by the contract.
    expect((await served.api('decide', { kind: 'held-tool', id: 'x', answer: {} })).status).toBe(400);
  }, 90_000);
});
