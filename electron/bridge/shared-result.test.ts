import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { sharedResponseBytes, sharedResult } from './shared-result';

describe('sharedResult / sharedResponseBytes', () => {
  const result = sharedResult({ tools: [{ name: 'a__echo', description: '[a] Echoes "quoted" — é', inputSchema: { type: 'object' } }] });

  it('answers the bytes of the whole response, for number and string ids alike', () => {
    for (const id of [7, 'req-"1"', 0]) {
      const message: JSONRPCMessage = { jsonrpc: '2.0', id, result };
      const bytes = sharedResponseBytes(message);
      expect(bytes).toBeInstanceOf(Buffer);
      expect(JSON.parse(bytes?.toString('utf8') ?? '')).toEqual(JSON.parse(JSON.stringify(message)));
    }
  });

  it('serializes once: a later answer reuses the bytes of the first', () => {
    const first = sharedResponseBytes({ jsonrpc: '2.0', id: 1, result });
    const second = sharedResponseBytes({ jsonrpc: '2.0', id: 1, result });
    expect(second?.equals(first ?? Buffer.alloc(0))).toBe(true);
  });

  it('freezes the result and its members, so the bytes cannot go stale', () => {
    expect(Object.isFrozen(result)).toBe(true);
    expect(Object.isFrozen(result.tools)).toBe(true);
    expect(() => (result.tools as unknown[]).push({})).toThrow(TypeError);
  });

  it('leaves every other message to the usual serialization', () => {
    expect(sharedResponseBytes({ jsonrpc: '2.0', id: 1, result: { tools: [] } })).toBeUndefined();
    expect(sharedResponseBytes({ jsonrpc: '2.0', id: 1, error: { code: -1, message: 'no' } })).toBeUndefined();
    expect(sharedResponseBytes({ jsonrpc: '2.0', method: 'notifications/tools/list_changed' })).toBeUndefined();
  });
});
