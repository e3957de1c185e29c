import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../shared/api';
import type { AgentAsker } from '../../bridge';
import { createAskRouter } from './ask-router';
import { MAX_MESSAGE_CHARS, MAX_SAMPLING_CHARS } from './ask-view';
import { WaitingAsks } from './waiting-asks';
import { fakeAgentAsker } from '../../../test/support/fake-agent-asker';
import { askUrlChecksFor } from '../../../test/support/ask-url-checks';

// The person approves a sampling request seeing its messages; the agent's model may get no more than
// was shown, so a request past what the view shows whole is declined before anyone is asked.

function samplingAgent(): AgentAsker & { sampled: CreateMessageRequestParams[] } {
  const sampled: CreateMessageRequestParams[] = [];
  const sample = (params: CreateMessageRequestParams) => {
    sampled.push(params);
    return Promise.resolve({ role: 'assistant' as const, content: { type: 'text' as const, text: 'done' }, model: 'm' });
  };
  const settings = () => ({ elicitation: 'deny' as const, sampling: 'ask' as const, roots: 'deny' as const });
  return { ...fakeAgentAsker({ canElicit: { form: false, url: false }, canSample: true, settings, sample }), sampled };
}

function setUp() {
  const agent = samplingAgent();
  const audited: AuditEntry[] = [];
  const waiting = new WaitingAsks({ now: () => 1 });
  const router = createAskRouter({ waiting, audit: (e) => audited.push(e), now: () => 1, urls: askUrlChecksFor('public') });
  const context = { server: 'svc', asker: agent, call: 'tool "t"', signal: new AbortController().signal, expiresAt: 10 };
  const sample = (texts: string[], systemPrompt?: string) =>
    router.sample({ messages: texts.map((text) => ({ role: 'user' as const, content: { type: 'text' as const, text } })), maxTokens: 10, ...(systemPrompt !== undefined ? { systemPrompt } : {}) }, context);
  return { agent, audited, waiting, sample };
}

describe('a sampling request longer than the person can be shown', () => {
  it.each([
    ['messages', [['a'.repeat(MAX_SAMPLING_CHARS / 2), 'b'.repeat(MAX_SAMPLING_CHARS / 2 + 1)], undefined]],
    ['system prompt', [['short'], 's'.repeat(MAX_MESSAGE_CHARS + 1)]],
  ] as const)('is declined by its %s before the person or the agent sees it, audited as nobody’s decline', async (what, [texts, prompt]) => {
    const { agent, audited, waiting, sample } = setUp();
    await expect(sample([...texts], prompt)).rejects.toThrow(what === 'messages' ? /messages hold 32769 characters/ : /system prompt holds 4001 characters/);
    expect(waiting.list()).toEqual([]);
    expect(agent.sampled).toEqual([]);
    expect(audited.map((e) => [e.kind, e.answer, e.answeredBy])).toEqual([['sampling', 'decline', 'nobody']]);
  });

  it('at the bound waits for the person, then reaches the agent as it came', async () => {
    const { agent, waiting, sample } = setUp();
    const texts = ['a'.repeat(MAX_SAMPLING_CHARS / 2), 'b'.repeat(MAX_SAMPLING_CHARS / 2)];
    const answer = sample(texts, 'p'.repeat(MAX_MESSAGE_CHARS));
    await expect.poll(() => waiting.list().length).toBe(1);
    waiting.answer(waiting.list()[0]?.id ?? '', { action: 'accept' });
    await expect(answer).resolves.toMatchObject({ content: { text: 'done' } });
    expect(agent.sampled[0]?.messages.map((m) => (m.content as { text: string }).text)).toEqual(texts);
  });
});
