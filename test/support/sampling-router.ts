import type { CreateMessageRequestParams } from '@modelcontextprotocol/client';
import type { AuditEntry, PendingAsk } from '../../shared/api';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import type { AgentAsker, ForwardedSampling } from '../../electron/bridge';
import { askUrlChecksFor } from './ask-url-checks';
import { fakeAgentAsker } from './fake-agent-asker';

/** An agent whose client samples and whose settings ask the person first; what it was given lands in `sampled`. */
export function samplingAgent(): AgentAsker & { sampled: ForwardedSampling[] } {
  const sampled: ForwardedSampling[] = [];
  const sample = (params: ForwardedSampling) => {
    sampled.push(params);
    return Promise.resolve({ role: 'assistant' as const, content: { type: 'text' as const, text: 'done' }, model: 'm' });
  };
  const settings = () => ({ elicitation: 'deny' as const, sampling: 'ask' as const, roots: 'deny' as const });
  return { ...fakeAgentAsker({ canElicit: { form: false, url: false }, canSample: true, settings, sample }), sampled };
}

/** The app's ask router with that agent's call as the context of each sampling request. */
export function samplingRouter() {
  const agent = samplingAgent();
  const audited: AuditEntry[] = [];
  const waiting = new WaitingAsks({ now: () => 1 });
  const router = createAskRouter({ waiting, audit: (e) => audited.push(e), now: () => 1, urls: askUrlChecksFor('public') });
  const context = { server: 'svc', asker: agent, call: 'tool "t"', signal: new AbortController().signal, expiresAt: 10 };
  const sample = (params: CreateMessageRequestParams) => router.sample(params, context);
  return { agent, audited, waiting, sample };
}

type Shown = Pick<PendingAsk, 'messages' | 'systemPrompt' | 'maxTokens' | 'temperature' | 'stopSequences' | 'modelPreferences'>;

/**
 * What a card must show for a request an agent received (text messages only), so a test can hold the
 * two side by side: every field the agent got, and none it did not.
 */
export function shownFor(received: Record<string, unknown>): Shown {
  const { messages, modelPreferences, ...rest } = received as unknown as ForwardedSampling & Record<string, unknown>;
  const { hints: named, ...priorities } = modelPreferences ?? {};
  const hints = named?.map((h) => h.name ?? '');
  return {
    ...rest,
    messages: messages.map((m) => {
      const blocks = Array.isArray(m.content) ? m.content : [m.content];
      const text = blocks.map((b) => (b.type === 'text' ? b.text : `[${b.type}]`)).join('\n');
      return { role: m.role, text, parts: blocks.map((b) => (b.type === 'text' ? { type: 'text', text: b.text } : { type: b.type })) };
    }),
    ...(modelPreferences ? { modelPreferences: { ...priorities, ...(hints ? { hints } : {}) } } : {}),
  };
}

/** The fields of a card that show the request (its id, server, call and times left out). */
export function requestShown(ask: PendingAsk): Shown {
  const { messages, systemPrompt, maxTokens, temperature, stopSequences, modelPreferences } = ask;
  return { messages, systemPrompt, maxTokens, temperature, stopSequences, modelPreferences };
}
