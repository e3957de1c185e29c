import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { withoutAgentReason } from './agent-cancel';

describe("an agent's notifications/cancelled", () => {
  it('loses its reason, nothing else: the server is told the bridge\'s own', () => {
    const cancel: JSONRPCMessage = { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7, reason: 'ghp_any-text-at-all-1234' } };
    expect(withoutAgentReason(cancel)).toEqual({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
  });

  it('leaves every other message as it is, the same object', () => {
    const others: JSONRPCMessage[] = [
      { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } },
      { jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 1, progress: 1, reason: 'x' } as never },
      { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 't', arguments: { reason: 'x' } } },
      { jsonrpc: '2.0', id: 1, result: {} },
    ];
    for (const message of others) expect(withoutAgentReason(message)).toBe(message);
  });
});
