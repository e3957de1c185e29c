import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { ManualTimers } from '../../test/support/manual-timers';
import { registerAskHandlers } from './ask-handlers';
import { outsideCallScope } from './call-scope';
import { loadSdkTypes } from './client-sdk';
import { RunningCalls } from './running-calls';
import type { AskContext } from './server-asks';

const alice = { label: 'agent "alice"' };
const bob = { label: 'agent "bob"' };
const REQUEST: ElicitRequest = { method: 'elicitation/create', params: { message: 'hi', requestedSchema: { type: 'object', properties: {} } } };

type Handler = (request: unknown, extra: { signal: AbortSignal }) => Promise<unknown>;

/** The elicitation handler a connection's client would run, with the router's contexts recorded. */
async function elicitHandler(calls: RunningCalls): Promise<{ elicit: () => Promise<unknown>; seen: AskContext[] }> {
  const types = await loadSdkTypes();
  const handlers = new Map<unknown, Handler>();
  const client = { setRequestHandler: (schema: unknown, handler: Handler) => handlers.set(schema, handler) } as unknown as Pick<Client, 'setRequestHandler'>;
  const seen: AskContext[] = [];
  registerAskHandlers(client, types, {
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
  const handler = handlers.get(types.ElicitRequestSchema);
  if (!handler) throw new Error('no elicitation handler');
  return { elicit: () => handler(REQUEST, { signal: new AbortController().signal }), seen };
}

describe('ask handlers: whose call a request is', () => {
  it('a request handled in a call\'s scope (its own HTTP stream) goes to that call\'s asker while another asker\'s call runs', async () => {
    const calls = new RunningCalls();
    const { elicit, seen } = await elicitHandler(calls);
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
