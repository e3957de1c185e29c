import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

/** The request cannot be serialized (a BigInt, a cycle, nesting deeper than the stack): the caller's input. */
export function unsendable(server: string, error: unknown): CodedError {
  const reason = error instanceof RangeError ? 'it is nested too deeply' : error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
  return new CodedError('invalid_input', redact(`the request to "${server}" cannot be sent as JSON: ${reason}`), {
    hint: 'send plain JSON values: no BigInt, no cycles, no deep nesting',
    cause: error,
  });
}

function assertSerializable(server: string, message: JSONRPCMessage): void {
  try {
    JSON.stringify(message);
  } catch (error) {
    throw unsendable(server, error);
  }
}

/**
 * Serializes each message once before the HTTP transport sends it, to tell a value that cannot be
 * sent (`invalid_input`, the caller's to fix) from a network failure: the SDK's HTTP send throws the
 * same TypeError for both. What a failed request registered, the SDK's client removes itself when
 * the request settles (`Protocol.request`'s `finally`, SDK v2); an error answer put in for it would
 * only be logged as a late answer the server never sent.
 */
export function refuseUnsendable<T extends Transport>(transport: T, server: string): T {
  const send = transport.send.bind(transport);
  transport.send = async (message, sendOptions) => {
    assertSerializable(server, message);
    await send(message, sendOptions);
  };
  return transport;
}
