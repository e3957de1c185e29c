import type { CodedError } from '../../shared/errors';
import { clientSdkIfLoaded } from './client-sdk';
import { toPoolError, type ErrorContext } from './map-error';

/**
 * The SDK's McpServer answers an unknown tool or arguments that fail its schema with a tool result
 * (`isError`, one text `MCP error -32602: …`), not a JSON-RPC error: the same failure, so the
 * same error.
 */
export function protocolErrorInResult(result: { isError?: boolean | undefined; content: unknown[] }, ctx: ErrorContext): CodedError | undefined {
  if (result.isError !== true || result.content.length !== 1) return undefined;
  const item = result.content[0] as { type?: unknown; text?: unknown } | undefined;
  if (item?.type !== 'text' || typeof item.text !== 'string') return undefined;
  const match = /^MCP error (-3260[12]): ([\s\S]*)$/.exec(item.text);
  if (!match) return undefined;
  const sdk = clientSdkIfLoaded();
  if (!sdk) return undefined;
  const error = new sdk.ProtocolError(Number(match[1]), match[2] ?? '');
  return toPoolError(error, ctx);
}
