import { describe, expect, it } from 'vitest';
import { SERVER_STATES, type ServerState } from '../../shared/api';
import { HISTORY_LIMIT, canTransition, initialState, transition } from './state-machine';

const LEGAL: [ServerState, ServerState][] = [
  ['idle', 'starting'],
  ['idle', 'stopped'],
  ['starting', 'ready'],
  ['starting', 'needs_auth'],
  ['starting', 'error'],
  ['starting', 'stopped'],
  ['ready', 'error'],
  ['ready', 'needs_auth'],
  ['ready', 'stopped'],
  ['ready', 'idle'],
  ['needs_auth', 'starting'],
  ['needs_auth', 'stopped'],
  ['error', 'starting'],
  ['error', 'stopped'],
  ['stopped', 'starting'],
];

describe('server state machine', () => {
  it('allows exactly the listed transitions', () => {
    for (const from of SERVER_STATES) {
      for (const to of SERVER_STATES) {
        const legal = LEGAL.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} → ${to}`).toBe(legal);
      }
    }
  });

  it('rejects illegal moves, including staying put and skipping starting', () => {
    const idle = initialState(1);
    expect(() => transition(idle, 'ready', 2)).toThrow(/illegal server state change idle → ready/);
    expect(() => transition(idle, 'idle', 2)).toThrow(/illegal/);
    const stopped = transition(idle, 'stopped', 2);
    expect(() => transition(stopped, 'idle', 3)).toThrow(/illegal/);
    expect(() => transition(stopped, 'ready', 3)).toThrow(/illegal/);
  });

  it('records since, the change and its error', () => {
    const starting = transition(initialState(10), 'starting', 20);
    const error = { code: 'timeout' as const, message: 'slow' };
    const failed = transition(starting, 'error', 30, error);
    expect(failed.state).toBe('error');
    expect(failed.since).toBe(30);
    expect(failed.history).toEqual([
      { state: 'idle', at: 10 },
      { state: 'starting', at: 20 },
      { state: 'error', at: 30, error },
    ]);
    // The input record is left alone.
    expect(starting.history).toHaveLength(2);
  });

  it(`keeps only the last ${HISTORY_LIMIT} changes`, () => {
    let record = initialState(0);
    for (let i = 1; i <= 30; i++) record = transition(record, i % 2 === 1 ? 'starting' : 'error', i);
    expect(record.history).toHaveLength(HISTORY_LIMIT);
    expect(record.history.at(-1)).toEqual({ state: 'error', at: 30 });
    expect(record.history[0]).toEqual({ state: 'starting', at: 11 });
  });
});
