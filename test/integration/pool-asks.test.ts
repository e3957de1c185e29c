import { afterEach, describe, expect, it } from 'vitest';
import type { CreateMessageRequestParams, ElicitRequestParams, ElicitResult } from '@modelcontextprotocol/client';
import { createPool, type AskContext, type AskRouter, type CallAsker, type Pool, type SetTimer } from '../../electron/pool';
import type { CallResult } from '../../shared/api';
import { everythingServer } from '../fixtures/servers/config';
import { tempDir, textOf, waitFor } from '../support/server-harness';

const pools: Pool[] = [];
/** Every text item of a result. */
const allText = (result: CallResult): string => result.content.map((c) => (typeof c['text'] === 'string' ? c['text'] : '')).join('\n');
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

interface Seen {
  kind: 'elicit' | 'sample';
  params: ElicitRequestParams | CreateMessageRequestParams;
  context: AskContext;
}

/** A router that records each request and answers with `answer` (or waits for the signal). */
function recordingRouter(answer?: { elicit?: ElicitResult; text?: string }): { router: AskRouter; seen: Seen[] } {
  const seen: Seen[] = [];
  const waitForAbort = (context: AskContext): Promise<never> =>
    new Promise((_resolve, reject) => context.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
  const router: AskRouter = {
    elicit: (params, context) => {
      seen.push({ kind: 'elicit', params, context });
      return answer?.elicit ? Promise.resolve(answer.elicit) : waitForAbort(context);
    },
    sample: (params, context) => {
      seen.push({ kind: 'sample', params, context });
      return answer?.text !== undefined
        ? Promise.resolve({ role: 'assistant' as const, model: 'agent-model', content: { type: 'text' as const, text: answer.text } })
        : waitForAbort(context);
    },
  };
  return { router, seen };
}

/** Timers for the requests' time limit (5 s here) fire only when the test says so. */
function askTimers(): { setTimer: SetTimer; fire: () => number } {
  const asks = new Set<() => void>();
  const setTimer: SetTimer = (run, ms) => {
    if (ms !== 5_000) {
      const t = setTimeout(run, ms);
      t.unref();
      return () => clearTimeout(t);
    }
    asks.add(run);
    return () => asks.delete(run);
  };
  return {
    setTimer,
    fire: () => {
      const due = [...asks];
      asks.clear();
      for (const run of due) run();
      return due.length;
    },
  };
}

function newPool(router: AskRouter, setTimer?: SetTimer): Pool {
  const pool = createPool({ cacheDir: tempDir('pool-asks-'), asks: { router, timeoutMs: 5_000 }, ...(setTimer ? { setTimer } : {}) });
  pools.push(pool);
  return pool;
}

const alice: CallAsker = { label: 'agent "alice"' };
const bob: CallAsker = { label: 'agent "bob"' };

describe('servers that ask back, through the pool (server-everything)', () => {
  it('declares elicitation, sampling and roots: the tools offered only to capable clients appear', async () => {
    const pool = newPool(recordingRouter().router);
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    await pool.start('everything');
    const names = (await pool.tools('everything')).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['trigger-elicitation-request', 'trigger-url-elicitation', 'trigger-sampling-request', 'get-roots-list']));
  });

  it('hands an elicitation to the router with the asker of the running call; the answer reaches the server', async () => {
    const { router, seen } = recordingRouter({ elicit: { action: 'accept', content: { name: 'Ada Lovelace', check: true, integer: 7 } } });
    const pool = newPool(router);
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    const result = await pool.callTool('everything', 'trigger-elicitation-request', {}, { asker: alice });
    expect(allText(result)).toContain('Name: Ada Lovelace');
    expect(allText(result)).toContain('Favorite Integer: 7');
    expect(seen).toHaveLength(1);
    expect(seen[0]?.context.asker).toBe(alice);
    expect(seen[0]?.context.server).toBe('everything');
    expect(seen[0]?.context.call).toBe('tool "trigger-elicitation-request"');
  });

  it('hands sampling to the router with modelPreferences, systemPrompt and maxTokens intact', async () => {
    const { router, seen } = recordingRouter({ text: 'forty-two' });
    const pool = newPool(router);
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    const result = await pool.callTool('everything', 'trigger-sampling-request', { prompt: 'the answer?', maxTokens: 33 }, { asker: bob });
    expect(textOf(result)).toContain('forty-two');
    const params = seen[0]?.params as CreateMessageRequestParams;
    expect(params.systemPrompt).toBe('You are a helpful test server.');
    expect(params.maxTokens).toBe(33);
    expect(seen[0]?.context.asker).toBe(bob);
  });

  it('a request left unanswered past its time limit is cancelled: the server hears `cancel`', async () => {
    const { router, seen } = recordingRouter();
    const timers = askTimers();
    const pool = newPool(router, timers.setTimer);
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    const call = pool.callTool('everything', 'trigger-elicitation-request', {}, { asker: alice });
    await waitFor('the request', () => seen.length === 1);
    expect(timers.fire()).toBe(1);
    expect(textOf(await call)).toContain('cancelled');
    expect(seen[0]?.context.signal.aborted).toBe(true);
  });

  it('a call cancelled while its request waits cancels the request', async () => {
    const { router, seen } = recordingRouter();
    const pool = newPool(router);
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    const abort = new AbortController();
    const call = pool.callTool('everything', 'trigger-elicitation-request', {}, { asker: alice, signal: abort.signal });
    await waitFor('the request', () => seen.length === 1);
    expect(seen[0]?.context.signal.aborted).toBe(false);
    abort.abort();
    await expect(call).rejects.toMatchObject({ code: 'timeout' });
    await waitFor('the request cancelled', () => seen[0]?.context.signal.aborted === true);
  });

  it('answers roots/list with the configured folders only, and tells the server when they change', async () => {
    const pool = newPool(recordingRouter().router);
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    expect(textOf(await pool.callTool('everything', 'get-roots-list', {}))).toContain('no roots are currently configured');
    await pool.apply({ mcpServers: { everything: everythingServer({ roots: ['/srv/projects/alpha'] }) } });
    await waitFor('roots sent', async () => textOf(await pool.callTool('everything', 'get-roots-list', {})).includes('file:///srv/projects/alpha'));
    expect(textOf(await pool.callTool('everything', 'get-roots-list', {}))).toContain('1 total');
  });
});
