import { ProtocolError, type Client, type ElicitRequest } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import type { CodedError } from '../../shared/errors';
import { AskBudget, ASKS_PER_SECOND } from './ask-budget';
import { inputAnswerer, registerAskHandlers } from './ask-handlers';
import { outsideCallScope } from './call-scope';
import { loadSdkSchemas } from './client-sdk';
import { RunningCalls } from './running-calls';
import { MAX_INPUT_REQUESTS, throughRounds } from './server-rounds';
import type { AskContext } from './server-asks';

const alice = { label: 'agent "alice"' };
const bob = { label: 'agent "bob"' };
const REQUEST: ElicitRequest = { method: 'elicitation/create', params: { message: 'hi', requestedSchema: { type: 'object', properties: {} } } };

type Handler = (request: unknown, ctx: { mcpReq: { signal: AbortSignal } }) => Promise<unknown>;

/** The elicitation handler a connection's client would run, with the router's contexts recorded. */
function elicitHandler(calls: RunningCalls): { elicit: () => Promise<unknown>; seen: AskContext[] } {
  const handlers = new Map<string, Handler>();
  const client = { setRequestHandler: (method: string, handler: Handler) => handlers.set(method, handler) } as unknown as Pick<Client, 'setRequestHandler'>;
  const seen: AskContext[] = [];
  registerAskHandlers(client, ProtocolError, {
    server: 's',
    calls,
    router: {
      elicit: (_params, context) => {
        seen.push(context);
        return Promise.resolve({ action: 'decline' });
      },
      sample: () => Promise.reject(new Error('unused')),
    },
    timeoutMs: 5_000,
    roots: () => [],
    now: () => 0,
    setTimer: new ManualTimers().setTimer,
    log: () => undefined,
  });
  const handler = handlers.get('elicitation/create');
  if (!handler) throw new Error('no elicitation handler');
  return { elicit: () => handler(REQUEST, { mcpReq: { signal: new AbortController().signal } }), seen };
}

describe('ask handlers: whose call a request is', () => {
  it('a request handled in a call\'s scope (its own HTTP stream) goes to that call\'s asker while another asker\'s call runs', async () => {
    const calls = new RunningCalls();
    const { elicit, seen } = elicitHandler(calls);
    let release = (): void => undefined;
    const bobs = calls.run(bob, 'tool "y"', () => new Promise<void>((resolve) => (release = resolve)));
    await calls.run(alice, 'tool "x"', async () => {
      await elicit();
      // The same request with no scope (stdio, the standalone stream): it cannot be told apart.
      await outsideCallScope(elicit);
    });
    release();
    await bobs;
    expect(seen.map((c) => [c.asker, c.call])).toEqual([
      [alice, 'tool "x"'],
      [undefined, 'one of 2 calls by different callers'],
    ]);
  });
});

describe('ask handlers: the call\'s deadline while the request waits', () => {
  it('is held from the request until its answer, then runs again', async () => {
    const calls = new RunningCalls();
    const { elicit, seen } = elicitHandler(calls);
    const held: number[] = [];
    let holds = 0;
    await calls.run(alice, 'tool "x"', async (point) => {
      point.deadline = {
        hold: () => void (holds += 1),
        release: () => void (holds -= 1),
      };
      const asked = elicit();
      held.push(holds);
      await asked;
      held.push(holds);
    });
    expect(seen).toHaveLength(1);
    expect(held).toEqual([1, 0]);
  });
});

describe('ask handlers: a 2026-07-28 server\'s input requests (inputAnswerer)', () => {
  const setup = async () => {
    const calls = new RunningCalls();
    const seen: AskContext[] = [];
    const answer = inputAnswerer({ ProtocolError, schemas: await loadSdkSchemas() }, {
      server: 's',
      calls,
      router: {
        elicit: (_params, context) => (seen.push(context), Promise.resolve({ action: 'accept', content: { name: 'Ann' } })),
        sample: () => Promise.reject(new Error('unused')),
      },
      timeoutMs: 5_000,
      roots: () => undefined,
      now: () => 0,
      setTimer: new ManualTimers().setTimer,
      log: () => undefined,
    });
    return { answer, calls, seen };
  };

  it("routes under the server's key, as the call whose scope it runs in (two askers' calls at once)", async () => {
    const { answer, calls, seen } = await setup();
    let release = (): void => undefined;
    const bobs = calls.run(bob, 'tool "y"', () => new Promise<void>((resolve) => (release = resolve)));
    const result = await calls.run(alice, 'tool "x"', () => answer('user_name', 'elicitation/create', REQUEST.params, new AbortController().signal));
    release();
    await bobs;
    expect(result).toEqual({ action: 'accept', content: { name: 'Ann' } });
    expect(seen.map((c) => [c.asker, c.call, c.key])).toEqual([[alice, 'tool "x"', 'user_name']]);
  });

  it('refuses malformed params and methods the revision does not define, asking nobody', async () => {
    const { answer, seen } = await setup();
    const signal = new AbortController().signal;
    await expect(answer('k', 'elicitation/create', { message: 42 }, signal)).rejects.toThrow('input request is invalid');
    await expect(answer('k', 'tools/call', {}, signal)).rejects.toThrow('is not an input request');
    expect(seen).toEqual([]);
  });
});

describe('ask handlers: the ask budget covers a 2026-07-28 server\'s input requests', () => {
  it('takes a round\'s elicitation and sampling requests from the call\'s budget together: a round of 16 whole, its excess owed after; past it the round is declined asking nobody, and a server that keeps on is stopped', async () => {
    let now = 20_000;
    const floods: CodedError[] = [];
    const calls = new RunningCalls();
    const budget = new AskBudget({ server: 's', now: () => now, log: () => undefined, onFlood: (e) => floods.push(e) });
    let asked = 0;
    const answer = inputAnswerer({ ProtocolError, schemas: await loadSdkSchemas() }, {
      server: 's',
      calls,
      router: {
        elicit: () => (asked++, Promise.resolve({ action: 'decline' })),
        sample: () => (asked++, Promise.resolve({ role: 'assistant', content: { type: 'text', text: 'ok' }, model: 'm' })),
      },
      timeoutMs: 5_000,
      roots: () => undefined,
      now: () => now,
      setTimer: new ManualTimers().setTimer,
      log: () => undefined,
      budget,
    });
    const SAMPLE = { method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 } };
    const round = (size: number, roots = 0): Record<string, unknown> => ({
      resultType: 'input_required',
      inputRequests: Object.fromEntries([
        ...Array.from({ length: size }, (_, i) => [`a${i}`, i % 2 === 0 ? REQUEST : SAMPLE]),
        ...Array.from({ length: roots }, (_, i) => [`r${i}`, { method: 'roots/list' }]),
      ]),
    });
    /** One request of the call that asks `size` in one round, then completes: 'done', or why it failed. */
    const ask = (size: number, roots = 0): Promise<string> => {
      const replies = [round(size, roots), { content: [] }];
      return throughRounds(() => Promise.resolve(replies.shift()), answer, undefined).then(() => 'done', (e: Error) => e.message);
    };
    const declined = 'declined: too many requests a second';
    const outcomes = await calls.run(alice, 'tool "x"', async () => {
      // A round of 16, more than a second's 10, goes through whole; the second's room is then spent.
      const first = [await ask(MAX_INPUT_REQUESTS), await ask(1)];
      // The next second owes the 6 past its limit: room for 4 more, and a round that finds room goes whole.
      now = 21_000;
      return [...first, await ask(3), await ask(5), await ask(1)];
    });
    expect(outcomes).toEqual(['done', declined, 'done', 'done', declined]);
    expect(asked).toBe(MAX_INPUT_REQUESTS + 8);
    // Roots are not a request that reaches a person: never counted, alone or beside others.
    expect(await calls.run(alice, 'tool "x"', () => ask(0, 3))).toBe('done');
    // Another call has its own budget; one call over it for 3 s in a row stops the server.
    expect(await calls.run(bob, 'tool "y"', () => ask(ASKS_PER_SECOND))).toBe('done');
    await calls.run(alice, 'tool "z"', async () => {
      for (const second of [23, 24, 25]) {
        now = second * 1000;
        for (let i = 0; i < 3; i++) await ask(ASKS_PER_SECOND);
      }
    });
    expect(floods.map((e) => e.message)).toEqual(['"s" sent requests during tool "z" faster than 10 a second for 3 s in a row; it was stopped']);
  });
});

describe('ask handlers: roots the entry names', () => {
  it('answer roots/list in either era, the router told whose call got them (for the audit)', async () => {
    const calls = new RunningCalls();
    const handlers = new Map<string, Handler>();
    const client = { setRequestHandler: (method: string, handler: Handler) => handlers.set(method, handler) } as unknown as Pick<Client, 'setRequestHandler'>;
    const told: Array<[unknown, string | undefined, string, number]> = [];
    const ends: Array<AbortSignal | undefined> = [];
    const options = {
      server: 's',
      calls,
      router: {
        elicit: () => Promise.reject(new Error('unused')),
        sample: () => Promise.reject(new Error('unused')),
        roots: () => Promise.reject(new Error('the entry names roots: the agent is not asked')),
        rootsConfigured: (context: Pick<AskContext, 'server' | 'asker' | 'call' | 'ended'>, roots: readonly unknown[]) => {
          told.push([context.asker, context.call, context.server, roots.length]);
          ends.push(context.ended);
        },
      },
      timeoutMs: 5_000,
      roots: () => [{ uri: 'file:///srv/data', name: 'data' }],
      now: () => 0,
      setTimer: new ManualTimers().setTimer,
      log: () => undefined,
    };
    registerAskHandlers(client, ProtocolError, options);
    const answer = inputAnswerer({ ProtocolError, schemas: await loadSdkSchemas() }, options);
    const listRoots = handlers.get('roots/list');
    if (!listRoots) throw new Error('no roots handler');
    const legacy = await calls.run(alice, 'tool "x"', () => listRoots({ method: 'roots/list' }, { mcpReq: { signal: new AbortController().signal } }));
    const modern = await calls.run(bob, 'tool "y"', () => answer('roots', 'roots/list', undefined, new AbortController().signal));
    expect([legacy, modern]).toEqual([{ roots: [{ uri: 'file:///srv/data', name: 'data' }] }, { roots: [{ uri: 'file:///srv/data', name: 'data' }] }]);
    expect(told).toEqual([
      [alice, 'tool "x"', 's', 1],
      [bob, 'tool "y"', 's', 1],
    ]);
    // Each call's end, heard by the router to write its one roots entry: both calls have ended.
    expect(ends.map((ended) => ended?.aborted)).toEqual([true, true]);
  });
});

describe("ask handlers: the agent's roots", () => {
  it('asks the agent once for roots/list requests that come while it is asked in the same call, and again after it answered', async () => {
    const calls = new RunningCalls();
    const handlers = new Map<string, Handler>();
    const client = { setRequestHandler: (method: string, handler: Handler) => handlers.set(method, handler) } as unknown as Pick<Client, 'setRequestHandler'>;
    let asked = 0;
    let answer: (roots: { uri: string }[]) => void = () => undefined;
    registerAskHandlers(client, ProtocolError, {
      server: 's',
      calls,
      router: {
        elicit: () => Promise.reject(new Error('unused')),
        sample: () => Promise.reject(new Error('unused')),
        roots: () => {
          asked++;
          return new Promise((resolve) => (answer = resolve));
        },
      },
      timeoutMs: 5_000,
      roots: () => undefined,
      now: () => 0,
      setTimer: new ManualTimers().setTimer,
      log: () => undefined,
    });
    const listRoots = handlers.get('roots/list');
    if (!listRoots) throw new Error('no roots handler');
    const request = (): Promise<unknown> => listRoots({ method: 'roots/list' }, { mcpReq: { signal: new AbortController().signal } });
    const answers = await calls.run(alice, 'tool "x"', async () => {
      const flood = Array.from({ length: 1_000 }, request);
      await expect.poll(() => asked).toBe(1);
      answer([{ uri: 'file:///home/a' }]);
      const first = await Promise.all(flood);
      expect(asked).toBe(1);
      // Once answered, the next request asks the agent again: its roots may have changed.
      const later = request();
      await expect.poll(() => asked).toBe(2);
      answer([{ uri: 'file:///home/b' }]);
      return [...first, await later];
    });
    expect(asked).toBe(2);
    expect(answers.slice(0, 1_000).every((a) => JSON.stringify(a) === JSON.stringify({ roots: [{ uri: 'file:///home/a' }] }))).toBe(true);
    expect(answers[1_000]).toEqual({ roots: [{ uri: 'file:///home/b' }] });
  });
});
