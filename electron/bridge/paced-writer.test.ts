import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { createPacedWriter, RESPONSE_GAP_MS } from './paced-writer';

const progress = (n: number): JSONRPCMessage => ({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: n } });
const answer = (id: number): JSONRPCMessage => ({ jsonrpc: '2.0', id, result: {} });

/** A writer on a clock the test moves; `events` in the order things happened. */
function harness(confirm: boolean | undefined) {
  const events: string[] = [];
  let clock = 1_000;
  let failure: unknown;
  const write = createPacedWriter({
    send: (msg) => {
      events.push('method' in msg ? `sent ${msg.method}` : `sent answer ${String(msg.id)}`);
      return Promise.resolve();
    },
    failed: (error) => (failure = error),
    ...(confirm === undefined
      ? {}
      : {
          confirmRead: () => {
            events.push('asked the client');
            return Promise.resolve(confirm);
          },
        }),
    now: () => clock,
    sleep: (ms) => {
      events.push(`waited ${ms} ms`);
      clock += ms;
      return Promise.resolve();
    },
  });
  const idle = async (): Promise<void> => {
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { events, write, idle, failure: () => failure, advance: (ms: number) => (clock += ms) };
}

describe('the paced writer (responses after notifications)', () => {
  it('sends an answer after a notification only once the client confirmed it read what came before, without waiting', async () => {
    const h = harness(true);
    h.write(progress(1));
    h.write(progress(2));
    h.write(answer(7));
    await h.idle();
    expect(h.events).toEqual(['sent notifications/progress', 'sent notifications/progress', 'asked the client', 'sent answer 7']);
    expect(h.failure()).toBeUndefined();
  });

  it('waits the gap when the client cannot confirm, counted from the last notification', async () => {
    const h = harness(false);
    h.write(progress(1));
    await h.idle();
    h.advance(5);
    h.write(answer(7));
    await h.idle();
    expect(h.events).toEqual(['sent notifications/progress', 'asked the client', `waited ${RESPONSE_GAP_MS - 5} ms`, 'sent answer 7']);
  });

  it('waits the gap when there is no way to ask (a client that never initialized)', async () => {
    const h = harness(undefined);
    h.write(progress(1));
    h.write(answer(7));
    await h.idle();
    expect(h.events).toEqual(['sent notifications/progress', `waited ${RESPONSE_GAP_MS} ms`, 'sent answer 7']);
  });

  it('asks nothing for an answer with no notification before it, nor twice for one notification', async () => {
    const h = harness(true);
    h.write(answer(1));
    h.write(progress(1));
    h.write(answer(2));
    h.write(answer(3));
    await h.idle();
    expect(h.events).toEqual(['sent answer 1', 'sent notifications/progress', 'asked the client', 'sent answer 2', 'sent answer 3']);
  });
});
