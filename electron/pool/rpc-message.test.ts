import * as types from '@modelcontextprotocol/core';
import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { describe, expect, it } from 'vitest';
import { parseRpcMessage } from './rpc-message';

/** Valid messages of each kind, and values that are almost one (an extra key, a missing one, a wrong type). */
const SAMPLES: object[] = [
  { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' }, _meta: { progressToken: 1 } } },
  { jsonrpc: '2.0', id: 'a', method: 'ping' },
  { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 0.5 } },
  { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
  { jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'Echo: hi' }], extra: true } },
  { jsonrpc: '2.0', id: 3, result: {} },
  { jsonrpc: '2.0', id: 4, error: { code: -32601, message: 'Method not found', data: { x: 1 } } },
  { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error' } },
  { jsonrpc: '2.0', id: 5, method: 'x', result: {} },
  { jsonrpc: '2.0', id: 6, result: {}, error: { code: 1, message: 'both' } },
  { jsonrpc: '2.0', method: 'x', error: { code: 1, message: 'm' } },
  { jsonrpc: '2.0', id: 7, method: 'x', extra: 1 },
  { jsonrpc: '2.0', method: 'notifications/x', extra: 1 },
  { jsonrpc: '2.0', id: 8 },
  { jsonrpc: '2.0', id: 1.5, result: {} },
  { jsonrpc: '2.0', id: null, result: {} },
  { jsonrpc: '2.0', id: 9, result: 'not an object' },
  { jsonrpc: '2.0', id: 10, error: { code: 'x', message: 'm' } },
  { jsonrpc: '2.0', id: 11, method: 5 },
  { jsonrpc: '2.0', method: 'x', params: [] },
  { jsonrpc: '2.0' },
  {},
];

function outcome(parse: () => unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: parse() };
  } catch {
    return { ok: false };
  }
}

describe('parseRpcMessage: one SDK schema chosen by shape, the same verdict as the SDK union', () => {
  it.each(SAMPLES.map((sample) => [JSON.stringify(sample), sample] as const))('%s', (_text, sample) => {
    expect(outcome(() => parseRpcMessage<JSONRPCMessage>(sample, types))).toEqual(outcome(() => types.JSONRPCMessageSchema.parse(sample)));
  });

  it('accepts each kind and refuses what is none', () => {
    const accepted = SAMPLES.filter((sample) => outcome(() => parseRpcMessage<JSONRPCMessage>(sample, types)).ok).length;
    // The first eight samples are valid; the rest are not (checked against the union above).
    expect(accepted).toBe(8);
  });
});
