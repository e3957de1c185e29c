import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { createBridge, type Bridge } from '../../electron/bridge';
import { createPool, type Pool } from '../../electron/pool';
import { ROUND_SIZE, startRoundBurstServer, type RoundBurstServer } from '../fixtures/servers/round-burst-server';
import { askUrlChecksFor } from '../support/ask-url-checks';
import { tempDir } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';

// docs/asks.md §Limits: a 2026-07-28 server's input requests take from the call's ask budget of 10 a
// second, a round's together. A round of 16 (a round's bound) goes through whole; a server that asks
// round after round past the budget has the round declined asking nobody, and the agent's call fails
// with the documented reason while the bridge and the server serve on.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

let server: RoundBurstServer;
let pool: Pool;
let bridge: Bridge;
let agent: ModernAgent;
let elicited = 0;

beforeAll(async () => {
  const dir = tempDir('ask-budget-');
  server = await startRoundBurstServer();
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: () => undefined, now: Date.now, urls: askUrlChecksFor('loopback') });
  pool = createPool({ cacheDir: join(dir, 'cache'), gate: () => null, asks: { router } });
  await pool.apply({ mcpServers: { burst: { type: 'http', url: server.url, protocol: '2026-07-28' } } });
  bridge = await createBridge({ pool, dataDir: dir, port: 0 });
  const { token } = await bridge.agents.add('agent', { servers: ['*'], policy: ALLOW_ALL });
  agent = await connectModernAgent(`http://127.0.0.1:${bridge.port}/mcp`, token, { pin: '2026-07-28' }, { capabilities: { elicitation: { form: {} } } });
  agent.client.setRequestHandler('elicitation/create', () => (elicited++, { action: 'accept', content: { ok: true } }));
}, 60_000);

afterAll(async () => {
  await agent?.close();
  await bridge?.close();
  await pool?.close();
  await server?.close();
});

describe('the ask budget in the 2026-07-28 era, through the bridge', () => {
  it('a round of 16 input requests, more than a second\'s 10, is answered whole', async () => {
    const before = server.answered;
    expect(textOf(await agent.client.callTool({ name: 'burst__rounds', arguments: { rounds: 1 } }))).toBe('answered 1 rounds');
    expect(server.answered - before).toBe(ROUND_SIZE);
  });

  it('rounds past the budget are declined asking nobody: the call fails with the reason, and the bridge and server serve on', async () => {
    const before = { answered: server.answered, elicited };
    // 10 rounds of 16 (each bound's most) fit the budget only if they take 15 s; each takes well under 1 s.
    const outcome = await agent.client.callTool({ name: 'burst__rounds', arguments: { rounds: 10 } }).then(textOf, (error: Error) => error.message);
    expect(outcome).toContain('declined: too many requests a second');
    // The rounds let through were answered whole; the declined round reached neither the agent nor the server.
    const answered = server.answered - before.answered;
    expect(answered % ROUND_SIZE).toBe(0);
    expect(answered).toBeLessThan(10 * ROUND_SIZE);
    expect(elicited - before.elicited).toBe(answered);
    expect(pool.status('burst').state).toBe('ready');
    expect(textOf(await agent.client.callTool({ name: 'burst__rounds', arguments: { rounds: 1 } }))).toBe('answered 1 rounds');
    expect(agent.statuses.every((s) => s < 500)).toBe(true);
  });
});
