import { describe, expect, it } from 'vitest';
import type { CodedError } from '../../shared/errors';
import { AskBudget, ASKS_PER_SECOND } from './ask-budget';

function budget() {
  let now = 20_000;
  const lines: string[] = [];
  const floods: CodedError[] = [];
  const b = new AskBudget({ server: 's', now: () => now, log: (l) => lines.push(l), onFlood: (e) => floods.push(e) });
  return { b, lines, floods, at: (ms: number) => (now = ms) };
}

const taken = (b: AskBudget, n: number, ended: AbortSignal | undefined, call?: string): number => {
  let yes = 0;
  for (let i = 0; i < n; i++) if (b.take(ended, call)) yes++;
  return yes;
};

describe('AskBudget', () => {
  it('lets 10 a second through per call, counts the rest in one line a second', () => {
    const { b, lines, floods, at } = budget();
    const call = new AbortController().signal;
    expect(taken(b, 500, call, 'tool "slow"')).toBe(ASKS_PER_SECOND);
    // Another call, and requests outside any call, have their own budgets.
    expect(taken(b, 20, new AbortController().signal, 'tool "other"')).toBe(ASKS_PER_SECOND);
    expect(taken(b, 20, undefined)).toBe(ASKS_PER_SECOND);
    at(21_000);
    expect(taken(b, 1, call, 'tool "slow"')).toBe(1);
    expect(lines).toEqual(['[s] declined 490 requests during tool "slow" over its budget of 10 a second']);
    expect(floods).toEqual([]);
  });

  it('tells what a call\'s last second declined when the call ends, without waiting for a next second', () => {
    const { b, lines } = budget();
    const call = new AbortController();
    expect(taken(b, 15, call.signal, 'tool "slow"')).toBe(ASKS_PER_SECOND);
    expect(lines).toEqual([]);
    call.abort();
    expect(lines).toEqual(['[s] declined 5 requests during tool "slow" over its budget of 10 a second']);
  });

  it('lets a round through whole while its second has room, what it takes past 10 owed by the next seconds', () => {
    const { b, lines, floods, at } = budget();
    const call = new AbortController().signal;
    expect(b.takeRound(call, 'tool "x"', 16)).toBe(true);
    expect(b.takeRound(call, 'tool "x"', 1)).toBe(false);
    expect(taken(b, 1, call, 'tool "x"')).toBe(0);
    at(21_000);
    expect(taken(b, 10, call, 'tool "x"')).toBe(4);
    expect(lines).toEqual(['[s] declined 2 requests during tool "x" over its budget of 10 a second']);
    at(23_000);
    expect(taken(b, 20, call, 'tool "x"')).toBe(ASKS_PER_SECOND);
    expect(floods).toEqual([]);
  });

  it('requests that may be any of several calls share one budget, though each has its own end signal', () => {
    const { b } = budget();
    let yes = 0;
    for (let i = 0; i < 50; i++) if (b.take(new AbortController().signal, 'one of 2 calls')) yes++;
    expect(yes).toBe(ASKS_PER_SECOND);
  });

  it('stops the server when requests outside any call stay over the budget for 3 s, then declines all', () => {
    const { b, floods, at } = budget();
    for (const second of [20, 21, 22]) {
      at(second * 1000);
      taken(b, 50, undefined);
    }
    expect(floods).toHaveLength(1);
    expect(floods[0]?.message).toBe('"s" sent requests outside any call faster than 10 a second for 3 s in a row; it was stopped');
    expect(floods[0]).toMatchObject({ code: 'server_unavailable', data: { flood: 'asks' } });
    at(40_000);
    expect(taken(b, 1, new AbortController().signal, 'tool "x"')).toBe(0);
    expect(floods).toHaveLength(1);
  });

  it('a server that keeps within the budget is never stopped', () => {
    const { b, floods, at } = budget();
    for (let second = 20; second < 30; second++) {
      at(second * 1000);
      expect(taken(b, ASKS_PER_SECOND, undefined)).toBe(ASKS_PER_SECOND);
    }
    expect(floods).toEqual([]);
  });
});
