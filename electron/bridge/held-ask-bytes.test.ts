import { describe, expect, it } from 'vitest';
import { InputRounds, MAX_ASK_BYTES, MAX_HELD_ASK_BYTES, MAX_HELD_PER_AGENT, MAX_ROUND_BYTES, MAX_WAITING_ASKS } from './input-rounds';

/** An elicitation whose JSON is about `bytes` long. */
const elicitation = (bytes: number): Record<string, unknown> => ({ message: 'm'.repeat(bytes - 64), requestedSchema: { type: 'object', properties: {} } });

// A hostile server's requests during a call (16 of ~7 MB each) were held whole for the
// retry window. Each is bounded, each call's, and all held calls' together; past a bound the
// server's request is refused with why, never held.
describe('the size of requests held for an agent', () => {
  it('refuses a request past the per-ask bound to the server, with the reason', async () => {
    const rounds = new InputRounds();
    const held = rounds.hold<string>('agent', 'tools/call', 't', 'digest');
    await expect(held.ask('elicitation/create', elicitation(MAX_ASK_BYTES + 1024), new AbortController().signal)).rejects.toThrow(/more than the 64 KiB/);
    held.end(new Error('done'));
  });

  it("refuses the request that would take one call's waiting requests past the round's bound", async () => {
    const rounds = new InputRounds();
    const held = rounds.hold<string>('agent', 'tools/call', 't', 'digest');
    const size = MAX_ASK_BYTES - 1024;
    const fits = Math.floor(MAX_ROUND_BYTES / size);
    expect(fits).toBeLessThan(MAX_WAITING_ASKS);
    const signal = new AbortController().signal;
    const outcomes = Array.from({ length: fits + 1 }, () => held.ask('elicitation/create', elicitation(size), signal).then(() => 'answered', (e: Error) => e.message));
    expect(await outcomes[fits]).toMatch(/would pass 512 KiB/);
    held.end(new Error('done'));
    // Ended, its requests are given back: every one held was counted once.
    expect(rounds.takeBytes(MAX_HELD_ASK_BYTES)).toBe(true);
  });

  it("refuses requests past the bound of every agent's held calls, and counts a settled one no more", async () => {
    const rounds = new InputRounds();
    const size = MAX_ASK_BYTES - 1024;
    const perCall = Math.floor(MAX_ROUND_BYTES / size);
    const calls = Math.ceil(MAX_HELD_ASK_BYTES / (perCall * size)) + 1;
    const signal = new AbortController().signal;
    const refused: string[] = [];
    const helds = [];
    for (let i = 0; i < calls; i++) {
      const held = rounds.hold<string>(`agent-${Math.floor(i / MAX_HELD_PER_AGENT)}`, 'tools/call', `t${i}`, 'digest');
      helds.push(held);
      for (let j = 0; j < perCall; j++) held.ask('elicitation/create', elicitation(size), signal).catch((e: Error) => void refused.push(e.message));
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((m) => m.includes('fill what the bridge holds'))).toBe(true);
    for (const held of helds) held.end(new Error('done'));
    expect(rounds.takeBytes(MAX_HELD_ASK_BYTES)).toBe(true);
  });
});
