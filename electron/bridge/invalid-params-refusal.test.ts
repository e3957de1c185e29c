import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { redact, redactor } from '../../shared/redact';
import { invalidParamsOfRefusal } from './invalid-params';

// The SDK v2 codec keeps only `String(zodError)` of a refused request; built here the same way.
const REQUEST = z.object({ method: z.string(), params: z.object({ name: z.string(), arguments: z.record(z.string(), z.unknown()).optional() }) });
function dumpOf(value: unknown): string {
  const parsed = REQUEST.safeParse(value);
  if (parsed.success) throw new Error('expected a refusal');
  return String(parsed.error);
}

describe('invalidParamsOfRefusal', () => {
  it('names the fields of a dump thrown plain, and of one after "Invalid tools/call request: " with -32602', () => {
    const dump = dumpOf({ method: 'tools/call', params: { name: 5, arguments: 'x' } });
    const plain = invalidParamsOfRefusal(new Error(dump)) as Error & { code: number };
    expect(plain.code).toBe(-32602);
    expect(plain.message).toBe('Invalid params: params.name: Invalid input: expected string, received number; params.arguments: Invalid input: expected record, received string');
    const prefixed = invalidParamsOfRefusal(Object.assign(new Error(`Invalid tools/call request: ${dump}`), { code: -32602 })) as Error & { code: number };
    expect(prefixed.message).toBe(plain.message);
  });

  it('leaves every other error as it was: a handler’s own, a server’s JSON message, another code or path', () => {
    const dump = dumpOf({ method: 'prompts/get', params: {} });
    const others: Error[] = [
      new Error('Unknown resource: x'),
      Object.assign(new Error(dump), { code: -32603 }),
      Object.assign(new Error(`Invalid tools/call request: ${dump}`), { code: -32603 }),
      new Error(`Invalid tools/call request: ${dump}`),
      new Error(JSON.stringify([{ path: ['arguments', 'a'], message: 'bad' }])),
      new Error(JSON.stringify([])),
      new Error('[not json'),
      new Error(`upstream said: ${dump}`),
    ];
    for (const error of others) expect(invalidParamsOfRefusal(error), error.message).toBe(error);
    expect(invalidParamsOfRefusal('text')).toBe('text');
  });

  it('keeps a long list to three issues and 300 characters', () => {
    const dump = JSON.stringify(Array.from({ length: 50 }, (_, i) => ({ path: ['params', `field${i}`], message: 'x'.repeat(200) })));
    const error = invalidParamsOfRefusal(new Error(dump)) as Error;
    expect(error.message.length).toBe(300);
    expect(error.message.endsWith('…')).toBe(true);
    expect(error.message).not.toContain('field3');
  });

  it('hides a known value across the 300th character: cut first, the piece left was no longer found', () => {
    const secret = 'zq-key-known-value-97531';
    redactor.addSecret(secret);
    try {
      // `Invalid params: params.` is 23 characters: the value starts at 283, across the cut at 299.
      const dump = JSON.stringify([{ path: ['params', `${'k'.repeat(260)}${secret}`], message: 'bad' }]);
      const error = invalidParamsOfRefusal(new Error(dump)) as Error;
      expect(redact(error.message)).not.toContain(secret.slice(0, 6));
      expect(error.message).toContain(`${'k'.repeat(260)}[redacted]`);
    } finally {
      redactor.removeSecret(secret);
    }
  });
});
