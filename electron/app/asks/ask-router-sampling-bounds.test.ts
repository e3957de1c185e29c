import { describe, expect, it } from 'vitest';
import { MAX_MESSAGE_CHARS, MAX_SAMPLING_CHARS } from './ask-view';
import { samplingRouter } from '../../../test/support/sampling-router';

// The person approves a sampling request seeing its messages; the agent's model may get no more than
// was shown, so a request past what the view shows whole is declined before anyone is asked.

function setUp() {
  const { sample, ...rest } = samplingRouter();
  const sampleTexts = (texts: string[], systemPrompt?: string) =>
    sample({ messages: texts.map((text) => ({ role: 'user' as const, content: { type: 'text' as const, text } })), maxTokens: 10, ...(systemPrompt !== undefined ? { systemPrompt } : {}) });
  return { ...rest, sample: sampleTexts };
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
