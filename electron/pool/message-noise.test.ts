import { describe, expect, it } from 'vitest';
import type { CodedError } from '../../shared/errors';
import { DEFAULT_FLOOD_LIMITS } from './flood-budget';
import { MessageNoise } from './message-noise';

function noise() {
  let now = 10_000;
  const lines: string[] = [];
  const floods: CodedError[] = [];
  const n = new MessageNoise({ server: 'h', log: (l) => lines.push(l), limits: DEFAULT_FLOOD_LIMITS, now: () => now, onFlood: (e) => floods.push(e) });
  return { n, lines, floods, at: (ms: number) => (now = ms) };
}

describe('MessageNoise', () => {
  it('shows the first 100 a second, then one line a second counting the rest', () => {
    const { n, lines, floods, at } = noise();
    for (let i = 0; i < 5_000; i++) n.note(`[h] dropped a late answer`);
    expect(lines).toHaveLength(100);
    at(11_000);
    n.note('[h] dropped a late answer');
    expect(lines).toHaveLength(102);
    expect(lines[100]).toBe('[h] dropped 4900 messages that are not JSON-RPC or answer no request over its budget of 100 a second');
    expect(floods).toEqual([]);
  });

  it('stops the server after three seconds in a row over the budget, once, and then shows nothing', () => {
    const { n, lines, floods, at } = noise();
    for (const second of [10, 11, 12]) {
      at(second * 1000);
      for (let i = 0; i < 101; i++) n.note('[h] junk');
    }
    expect(floods).toHaveLength(1);
    expect(floods[0]).toMatchObject({ code: 'server_unavailable', data: { flood: 'messages' } });
    expect(floods[0]?.message).toBe('"h" sent messages that are not JSON-RPC or answer no request (over 100 a second for 3 s in a row); it was stopped');
    expect(n.flooded).toBe(true);
    const shown = lines.length;
    at(13_000);
    for (let i = 0; i < 500; i++) n.note('[h] junk');
    expect(lines).toHaveLength(shown);
    expect(floods).toHaveLength(1);
  });

  it('a server under the budget in between is not stopped', () => {
    const { n, floods, at } = noise();
    for (const second of [10, 11, 13, 14]) {
      at(second * 1000);
      for (let i = 0; i < 150; i++) n.note('[h] junk');
    }
    expect(floods).toEqual([]);
  });
});
