import { describe, expect, it } from 'vitest';
import type { Extra } from './call-gate';
import { isSafeKey, roundKey } from './input-keys';
import { InputRounds, type InputRequiredResult } from './input-rounds';

// A 2026-07-28 server's own inputRequests keys are kept (MCP 2026-07-28 basic/patterns/mrtr
// §InputRequests), unless unsafe or already taken in the call; a 2025-era request gets one of ours.
const extra = (): Extra => ({ signal: new AbortController().signal, sendNotification: () => Promise.resolve() });

describe('roundKey', () => {
  const counter = (): (() => number) => {
    let n = 0;
    return () => ++n;
  };

  it("keeps a safe server key, names a keyless request after its kind", () => {
    expect(roundKey('elicitation/create', 'user_name', new Set(), counter())).toBe('user_name');
    expect(roundKey('sampling/createMessage', undefined, new Set(), counter())).toBe('sampling-1');
  });

  it('refuses keys that are no safe string: prototype names, spaces, control characters, too long, empty', () => {
    for (const key of ['__proto__', 'constructor', 'toString', 'a b', 'x\ny', 'a'.repeat(65), '', 'é']) expect(isSafeKey(key)).toBe(false);
    expect(roundKey('roots/list', '__proto__', new Set(), counter())).toBe('roots-1');
  });

  it('a key already held in the call (given twice, or one of ours) gets a fresh one of ours', () => {
    const next = counter();
    expect(roundKey('elicitation/create', 'confirm', new Set(['confirm']), next)).toBe('elicitation-1');
    expect(roundKey('elicitation/create', 'elicitation-2', new Set(['elicitation-2']), next)).toBe('elicitation-3');
  });
});

describe('a held call under the server\'s keys', () => {
  it('puts the request to the agent under the server\'s key and settles it by the same key in the retry', async () => {
    const rounds = new InputRounds({ gatherMs: 1 });
    const held = rounds.hold<string>('agent', 'tools/call', 't', 'digest');
    const signal = new AbortController().signal;
    const name = held.ask('elicitation/create', { message: 'name?' }, signal, 'user_name');
    const unsafe = held.ask('elicitation/create', { message: 'again?' }, signal, '__proto__');
    const result = (await held.round(extra(), undefined)) as InputRequiredResult;
    expect(Object.keys(result.inputRequests).sort()).toEqual(['elicitation-1', 'user_name']);
    expect(Object.getPrototypeOf(result.inputRequests)).toBe(Object.prototype);
    // An inherited name answers nothing: only the retry's own keys count.
    held.answer(JSON.parse('{"__proto__": {"action": "accept"}, "user_name": {"action": "accept", "content": {"name": "Ann"}}}') as Record<string, unknown>, () => true);
    await expect(name).resolves.toEqual({ action: 'accept', content: { name: 'Ann' } });
    held.end(new Error('done'));
    await expect(unsafe).resolves.toEqual({ action: 'cancel' });
  });
});
