import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { askUrlChecksFor } from '../support/ask-url-checks';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { messageOf, modernToolCall } from '../support/modern-raw';

// A call that passed the gate and then waits for its agent's answer to the server's question passes the
// gate again before the answer goes on: a pause, the server taken away or a policy now denying it each
// keep the answer from the server, in both eras (a 2026-07-28 retry, a 2025-11-25 session's answer).
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const DENY_ALL = { read: 'deny', write: 'deny', destructive: 'deny' } as const;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

let h: BridgeHarness;
const audited: AuditEntry[] = [];
const clients: AgentClient[] = [];

beforeAll(async () => {
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: (entry) => audited.push(entry), now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ asking: askingServer() }, {}, { asks: { router } });
  await h.pool.start('asking');
}, 60_000);

afterAll(async () => {
  for (const client of clients) await client.close();
  await h.close();
});

async function toolEntries(agent: string): Promise<AuditEntry[]> {
  await h.bridge.audit.flush();
  return (await h.bridge.audit.read({ agent })).filter((e) => e.kind === 'tool' && e.tool === 'ask-for');
}

const narrowings: [string, (agent: string) => Promise<unknown>, RegExp][] = [
  ['the bridge paused', () => Promise.resolve(h.bridge.pause()), /paused the bridge/],
  ['the server taken away', (agent) => h.bridge.agents.update(agent, { servers: [] }), /nothing among the services|unknown tool|not found/i],
  ['every tier denied', (agent) => h.bridge.agents.update(agent, { policy: DENY_ALL }), /may not call "ask-for"/],
];

describe("a 2026-07-28 agent's retry passes the gate again", () => {
  it.each(narrowings)('%s between the round and the retry: the answer never reaches the server, the retry is refused', async (label, narrow, refusal) => {
    const agent = `modern-${label.replace(/\W+/g, '-')}`;
    const { token } = await h.bridge.agents.add(agent, { servers: ['*'], policy: ALLOW_ALL });
    const call = { name: 'asking__ask-for', arguments: { who: 'a' } };
    const first = messageOf((await modernToolCall(h.bridge.port, token, 1, call)).body);
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    const key = Object.keys(first.result?.['inputRequests'] as Record<string, unknown>)[0] ?? '';
    await narrow(agent);
    try {
      const retry = await modernToolCall(h.bridge.port, token, 2, { ...call, requestState: first.result?.['requestState'], inputResponses: { [key]: { action: 'accept', content: { reply: 'still here' } } } });
      expect(retry.status).toBeLessThan(500);
      const answer = messageOf(retry.body);
      const said = answer.result !== undefined ? textOf(answer.result) : (answer.error?.message ?? '');
      expect(said).not.toContain('still here');
      expect(said).toMatch(refusal);
      // The server heard the form dismissed, and the call is audited as refused.
      await expect.poll(async () => (await toolEntries(agent)).map((e) => e.outcome), { timeout: 15_000 }).toEqual(['denied']);
      expect(audited.filter((e) => e.agent === agent && e.kind === 'elicitation').map((e) => e.answer)).toEqual(['cancel']);
    } finally {
      h.bridge.resume();
    }
  });

  it('a retry with nothing narrowed still goes on', async () => {
    const { token } = await h.bridge.agents.add('modern-unchanged', { servers: ['*'], policy: ALLOW_ALL });
    const call = { name: 'asking__ask-for', arguments: { who: 'b' } };
    const first = messageOf((await modernToolCall(h.bridge.port, token, 1, call)).body);
    const key = Object.keys(first.result?.['inputRequests'] as Record<string, unknown>)[0] ?? '';
    const retry = messageOf((await modernToolCall(h.bridge.port, token, 2, { ...call, requestState: first.result?.['requestState'], inputResponses: { [key]: { action: 'accept', content: { reply: 'yes' } } } })).body);
    expect(textOf(retry.result)).toBe('b: accept yes');
  });
});

describe("a 2025-11-25 agent's answer passes the gate again", () => {
  it('the person pauses while the question is at the agent: the server hears cancel, never the answer', async () => {
    const { token } = await h.bridge.agents.add('legacy-paused', { servers: ['*'], policy: ALLOW_ALL });
    const agent = await connectAgent(h.bridge.url, token, 'legacy', { elicitation: {} });
    clients.push(agent);
    agent.client.setRequestHandler(ElicitRequestSchema, () => {
      h.bridge.pause();
      return { action: 'accept', content: { reply: 'answered while paused' } };
    });
    try {
      const result = await agent.client.callTool({ name: 'asking__ask-for', arguments: { who: 'legacy' } });
      expect(textOf(result)).toBe('legacy: cancel ');
      const asked = audited.filter((e) => e.agent === 'legacy-paused' && e.kind === 'elicitation');
      expect(asked).toMatchObject([{ answer: 'cancel', answeredBy: 'agent' }]);
      expect(asked[0]?.warning).toMatch(/not passed on: the person paused the bridge/);
    } finally {
      h.bridge.resume();
    }
  });

  it('the answer goes on when nothing changed', async () => {
    const { token } = await h.bridge.agents.add('legacy-unchanged', { servers: ['*'], policy: ALLOW_ALL });
    const agent = await connectAgent(h.bridge.url, token, 'legacy', { elicitation: {} });
    clients.push(agent);
    agent.client.setRequestHandler(ElicitRequestSchema, () => ({ action: 'accept', content: { reply: 'fine' } }));
    expect(textOf(await agent.client.callTool({ name: 'asking__ask-for', arguments: { who: 'legacy' } }))).toBe('legacy: accept fine');
  });
});
