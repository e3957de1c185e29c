import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type AskContext, type AskRouter, type CallAsker, type Pool } from '../../electron/pool';
import type { HttpServerConfig } from '../../shared/config';
import { relatedAsksServer } from '../fixtures/servers/config';
import { startRelatedAsksHttp, type RelatedAsksHttp } from '../support/related-asks-http';
import { tempDir, textOf, waitFor } from '../support/server-harness';

const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

const alice: CallAsker = { label: 'agent "alice"' };
const bob: CallAsker = { label: 'agent "bob"' };

/**
 * Answers every form with who it went to (the asker, or the person), recording each request's
 * context; answers none before `party` requests wait, so every call runs while each one arrives.
 */
function answeringRouter(party = 1): { router: AskRouter; seen: { message: string; context: AskContext }[] } {
  const seen: { message: string; context: AskContext }[] = [];
  const router: AskRouter = {
    elicit: async (params, context) => {
      seen.push({ message: params.message, context });
      await waitFor('the other requests', () => seen.length >= party);
      return { action: 'accept', content: { reply: `by ${context.asker?.label ?? 'the person'}` } };
    },
    sample: () => Promise.reject(new Error('no sampling here')),
  };
  return { router, seen };
}

function newPool(router: AskRouter): Pool {
  const pool = createPool({ cacheDir: tempDir('pool-overlap-'), asks: { router, timeoutMs: 20_000 } });
  pools.push(pool);
  return pool;
}

/** Two calls of different askers on `server`, each asking back once both run: whose is each request? */
async function askTogether(pool: Pool, server: string): Promise<string[]> {
  const calls = [alice, bob].map((asker) =>
    pool.callTool(server, 'ask-together', { who: asker.label, party: 2 }, { asker }),
  );
  return (await Promise.all(calls)).map(textOf);
}

describe('overlapping calls of different askers on one server (our SDK-built server)', () => {
  let started: RelatedAsksHttp | undefined;
  let http: HttpServerConfig;
  beforeAll(async () => {
    started = await startRelatedAsksHttp();
    http = started.config;
  }, 30_000);
  afterAll(() => {
    started?.stop();
  });

  it('Streamable HTTP: each request comes on its own call\'s stream and goes to that call\'s asker, never the other', async () => {
    const { router, seen } = answeringRouter(2);
    const pool = newPool(router);
    await pool.apply({ mcpServers: { remote: http } });
    const texts = await askTogether(pool, 'remote');
    expect(texts).toEqual(['agent "alice": accept by agent "alice"', 'agent "bob": accept by agent "bob"']);
    expect(seen).toHaveLength(2);
    for (const { message, context } of seen) {
      expect(message).toBe(`for ${context.asker?.label ?? 'nobody'}`);
      expect(context.call).toBe('tool "ask-together"');
    }
  });

  it('stdio: the same requests name no call, so with two askers running they go to the person', async () => {
    const { router, seen } = answeringRouter(2);
    const pool = newPool(router);
    await pool.apply({ mcpServers: { local: relatedAsksServer() } });
    const texts = await askTogether(pool, 'local');
    expect(texts).toEqual(['agent "alice": accept by the person', 'agent "bob": accept by the person']);
    expect(seen.map((s) => s.context.asker)).toEqual([undefined, undefined]);
    expect(seen[0]?.context.call).toBe('one of 2 calls by different callers');
  });

  it('Streamable HTTP: a request related to no call (the standalone stream) of a server a call started goes by the stdio rule, not to that call', async () => {
    const { router, seen } = answeringRouter();
    const pool = newPool(router);
    await pool.apply({ mcpServers: { remote: http } });
    // alice's call starts the server (lazily) and keeps running while bob's server asks aside.
    const held = pool.callTool('remote', 'hold', { key: 'aside' }, { asker: alice });
    await waitFor('the server started by alice\'s call', () => pool.status('remote').state === 'ready');
    const aside = await pool.callTool('remote', 'ask-aside', { who: 'nobody' }, { asker: bob });
    expect(textOf(aside)).toBe('nobody: accept by the person');
    expect(seen.map((s) => s.context.asker)).toEqual([undefined]);
    await pool.callTool('remote', 'release', { key: 'aside' });
    expect(textOf(await held)).toBe('held aside');
  });

  // Security review: a stdio server's request that arrived after alice's call ended, while only
  // bob's call ran, went to bob, who could answer what belonged to alice's call.
  it('stdio: a late request of a call that ran beside another caller\'s goes to the person, not the caller left', async () => {
    const { router, seen } = answeringRouter();
    const pool = newPool(router);
    await pool.apply({ mcpServers: { local: relatedAsksServer() } });
    const bobsHold = pool.callTool('local', 'hold', { key: 'bob-1' }, { asker: bob });
    await waitFor('the server started by bob\'s call', () => pool.status('local').state === 'ready');
    expect(textOf(await pool.callTool('local', 'ask-after', { who: 'alice', key: 'late-1' }, { asker: alice }))).toBe('alice will ask after late-1');
    // Only bob's calls run when alice's late request arrives.
    await pool.callTool('local', 'release', { key: 'late-1' }, { asker: bob });
    await waitFor('alice\'s late request', () => seen.length === 1);
    expect(seen[0]?.message).toBe('for alice');
    expect(seen[0]?.context.asker).toBeUndefined();
    await pool.callTool('local', 'release', { key: 'bob-1' }, { asker: bob });
    expect(textOf(await bobsHold)).toBe('held bob-1');

    // The test is not blind: a call of bob's that ran beside no one else's does get its late request.
    const bobsNext = pool.callTool('local', 'hold', { key: 'bob-2' }, { asker: bob });
    await pool.callTool('local', 'ask-after', { who: 'bob', key: 'late-2' }, { asker: bob });
    await pool.callTool('local', 'release', { key: 'late-2' }, { asker: bob });
    await waitFor('bob\'s late request', () => seen.length === 2);
    expect(seen[1]?.context.asker).toBe(bob);
    await pool.callTool('local', 'release', { key: 'bob-2' }, { asker: bob });
    await bobsNext;
  });
});
