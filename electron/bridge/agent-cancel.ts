import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/**
 * An agent's `notifications/cancelled` without its `reason`: the SDK aborts the call with the reason
 * it is given, and the pool tells the server the abort's reason (basic/utilities/cancellation), so the
 * agent's words would reach the server past every check of what an agent sends (a vault value in
 * them unheld). The server hears the bridge's own reason instead; the cancel itself is unchanged.
 */
export function withoutAgentReason(message: JSONRPCMessage): JSONRPCMessage {
  if (!('method' in message) || message.method !== 'notifications/cancelled' || 'id' in message) return message;
  const params = message.params;
  if (params === undefined || !Object.hasOwn(params, 'reason')) return message;
  const { reason: _reason, ...rest } = params;
  return { ...message, params: rest };
}
