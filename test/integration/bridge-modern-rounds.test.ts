import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer, everythingServer } from '../fixtures/servers/config';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';
import { messageOf, MODERN, modernToolCall } from '../support/modern-raw';
import { askUrlChecksFor } from '../support/ask-url-checks';

// Issue #30 item 4, the bounds of a held call: a 2026-07-28 agent that never retries, or that closes
// its request, releases the upstream call; roots go to the agent's client where its settings allow.
// The app's own router (electron/app/asks/ask-router.ts) decides, as in serve.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
/** The window of a round: short for the agent that never retries, long for the rest (a client retrying on a loaded machine must not lose its round). */
const WINDOW_MS = 400;
let windowMs = 60_000;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

let h: BridgeHarness;
const audited: AuditEntry[] = [];
const agents: ModernAgent[] = [];

beforeAll(async () => {
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: (entry) => audited.push(entry), now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ everything: everythingServer(), asking: askingServer() }, { inputRoundWindowMs: () => windowMs }, { asks: { router } });
  await Promise.all([h.pool.start('everything'), h.pool.start('asking')]);
}, 60_000);

afterAll(async () => {
  for (const agent of agents) await agent.close();
  await h.close();
});

async function token(name: string): Promise<string> {
  return (await h.bridge.agents.add(name, { servers: ['*'], policy: ALLOW_ALL })).token;
}

async function toolEntry(agent: string, tool: string): Promise<AuditEntry | undefined> {
  await h.bridge.audit.flush();
  return (await h.bridge.audit.read({ agent })).find((e) => e.kind === 'tool' && e.tool === tool);
}

describe('held calls of 2026-07-28 agents', () => {
  it('an agent that never retries: the server\'s request is answered cancel, the upstream call cancelled, the state refused after', async () => {
    const tokenOf = await token('never-retries');
    const call = { name: 'asking__ask-for', arguments: { who: 'nobody' } };
    // The round's window is read when the round opens.
    windowMs = WINDOW_MS;
    const first = await modernToolCall(h.bridge.port, tokenOf, 1, call)
      .then((answer) => messageOf(answer.body))
      .finally(() => (windowMs = 60_000));
    expect(first.result).toMatchObject({ resultType: 'input_required' });
    await expect.poll(async () => (await toolEntry('never-retries', 'ask-for'))?.outcome, { timeout: 15_000 }).toBe('cancelled');
    expect(audited.find((e) => e.agent === 'never-retries' && e.kind === 'elicitation')).toMatchObject({ answeredBy: 'agent', answer: 'cancel' });
    const late = await modernToolCall(h.bridge.port, tokenOf, 2, { ...call, inputResponses: {}, requestState: String(first.result?.['requestState']) });
    expect(late.status).toBeLessThan(500);
    expect(messageOf(late.body).error).toMatchObject({ code: -32602 });
  });

  it("the agent's cancel (closing its request) reaches the upstream call", async () => {
    const agent = await connectModernAgent(h.bridge.url, await token('cancels'), { pin: MODERN });
    agents.push(agent);
    const abort = new AbortController();
    let progressed = 0;
    const call = agent.client.callTool(
      { name: 'everything__trigger-long-running-operation', arguments: { duration: 60, steps: 60 } },
      { signal: abort.signal, onprogress: () => (progressed += 1) },
    );
    call.catch(() => undefined);
    await expect.poll(() => progressed, { timeout: 15_000 }).toBeGreaterThan(0);
    abort.abort();
    await expect.poll(async () => (await toolEntry('cancels', 'trigger-long-running-operation'))?.outcome, { timeout: 15_000 }).toBe('cancelled');
  });

  it("roots/list of a server whose entry names none goes to the agent's client in a round; none when its settings deny", async () => {
    const agent = await connectModernAgent(h.bridge.url, await token('with-roots'), { pin: MODERN }, { capabilities: { roots: { listChanged: true } } });
    agents.push(agent);
    agent.client.setRequestHandler('roots/list', () => ({ roots: [{ uri: 'file:///home/me/project' }] }));
    expect(textOf(await agent.client.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('["file:///home/me/project"]');
    await h.bridge.agents.update('with-roots', { asks: { roots: 'deny' } });
    expect(textOf(await agent.client.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('[]');
    const plain = await connectModernAgent(h.bridge.url, await token('no-roots'), { pin: MODERN });
    agents.push(plain);
    expect(textOf(await plain.client.callTool({ name: 'asking__ask-roots', arguments: {} }))).toBe('[]');
  });
});
