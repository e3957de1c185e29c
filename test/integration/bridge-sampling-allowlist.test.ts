import { CreateMessageRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PendingAsk } from '../../shared/api';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { MEDIA_SAMPLING } from '../fixtures/servers/sampling-media';
import { WIDE_SAMPLING } from '../fixtures/servers/wide-sampling';
import { ALLOW_ALL, startAskingBridge } from '../support/asking-bridge';
import { connectAgent, firstText, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent } from '../support/modern-agent';
import { requestShown, shownFor } from '../support/sampling-router';

// A server's sampling request behind the bridge (the real ask router, pool and bridge, the asking
// server over stdio), to agents whose clients declare sampling with `context` and `tools`: the agent's
// model gets only what the person was shown (no includeContext, which would ask the agent's client
// for the context of every service behind the bridge; no metadata or _meta), in both eras, and a
// request offering tools is refused to the server (the pool never declared sampling.tools).
const MODERN = '2026-07-28';
const DECLARES_ALL = { sampling: { context: {}, tools: {} } };
const answer = { role: 'assistant' as const, model: 'm', stopReason: 'endTurn', content: { type: 'text' as const, text: 'the model said ok' } };

let h: BridgeHarness;
const waiting = new WaitingAsks();
const shown: PendingAsk[] = [];

beforeAll(async () => {
  // The person accepts every request, once it was shown.
  waiting.on('pending', (ask) => {
    shown.push(ask);
    setImmediate(() => waiting.answer(ask.id, { action: 'accept' }));
  });
  h = await startAskingBridge({ asking: askingServer() }, waiting);
}, 60_000);

afterAll(async () => {
  await h.close();
});

interface Sampler {
  received: Record<string, unknown>[];
  call(name: string): Promise<string>;
  close(): Promise<void>;
}

let agents = 0;

/** A new agent's token: each test its own agent. */
async function token(era: string): Promise<string> {
  agents += 1;
  return (await h.bridge.agents.add(`${era}-${agents}`, { servers: ['asking'], policy: ALLOW_ALL })).token;
}

/** A 2025-11-25 agent (SDK v1 client, a session): the bridge sends it the request. */
async function legacyAgent(): Promise<Sampler> {
  const agent = await connectAgent(h.bridge.url, await token('legacy'), 'legacy', DECLARES_ALL);
  const received: Record<string, unknown>[] = [];
  agent.client.setRequestHandler(CreateMessageRequestSchema, (request) => {
    received.push(request.params);
    return answer;
  });
  return { received, call: async (name) => firstText(await agent.client.callTool({ name: `asking__${name}`, arguments: {} })), close: () => agent.close() };
}

/** A 2026-07-28 agent (SDK v2 client): the request comes in an input_required round of its call. */
async function modernAgent(): Promise<Sampler> {
  const agent = await connectModernAgent(h.bridge.url, await token('modern'), { pin: MODERN }, { capabilities: DECLARES_ALL });
  const received: Record<string, unknown>[] = [];
  agent.client.setRequestHandler('sampling/createMessage', (request) => {
    received.push(request.params);
    return answer;
  });
  return { received, call: async (name) => firstText(await agent.client.callTool({ name: `asking__${name}`, arguments: {} })), close: () => agent.close() };
}

describe.each([
  ['2025-11-25', legacyAgent],
  ['2026-07-28', modernAgent],
])('a server\'s sampling request to a %s agent that declares sampling context and tools', (_era, connect) => {
  it('reaches its model without includeContext, metadata or the server\'s _meta, and the person was shown exactly what it got', async () => {
    const agent = await connect();
    shown.length = 0;
    try {
      expect(await agent.call('ask-sample-wide')).toBe('the model said ok');
      expect(agent.received).toHaveLength(1);
      const [received = {}] = agent.received;
      expect(received['includeContext'] ?? 'none').toBe('none');
      expect(received).not.toHaveProperty('metadata');
      expect(JSON.stringify(received)).not.toContain('example.com/hidden');
      expect(received).toMatchObject({ temperature: WIDE_SAMPLING.temperature, stopSequences: ['END'], modelPreferences: WIDE_SAMPLING.modelPreferences });
      expect(shown).toHaveLength(1);
      const [card] = shown;
      expect(card && requestShown(card)).toEqual(shownFor(received));
    } finally {
      await agent.close();
    }
  }, 60_000);

  it('images and audio reach its model as the server sent them, and the person was shown each image of a shown type as its data', async () => {
    const agent = await connect();
    shown.length = 0;
    try {
      expect(await agent.call('ask-sample-media')).toBe('the model said ok');
      expect(agent.received[0]?.['messages']).toEqual(MEDIA_SAMPLING.messages);
      const parts = (shown[0]?.messages ?? []).flatMap((m) => m.parts ?? []);
      const sent = MEDIA_SAMPLING.messages.flatMap((m) => (Array.isArray(m.content) ? m.content : [m.content])) as Array<{ type: string; data?: string; mimeType?: string }>;
      expect(parts.map((p) => p.type)).toEqual(sent.map((b) => b.type));
      // The PNG, JPEG, WebP and GIF as sent; the SVG, the mislabelled and the huge by their facts.
      expect(parts.filter((p) => p.data !== undefined).map((p) => [p.mimeType, p.data])).toEqual(sent.slice(1, 5).map((b) => [b.mimeType, b.data]));
      expect(parts.filter((p) => p.unshown !== undefined)).toHaveLength(3);
    } finally {
      await agent.close();
    }
  }, 60_000);

  it('offering the model a tool is refused to the server, and neither the person nor the agent sees it', async () => {
    const agent = await connect();
    shown.length = 0;
    try {
      const said = await agent.call('ask-sample-tools');
      expect(said).toMatch(/^refused: .*offers the model tools.*sampling\.tools/);
      expect(agent.received).toEqual([]);
      expect(shown).toEqual([]);
    } finally {
      await agent.close();
    }
  }, 60_000);
});
