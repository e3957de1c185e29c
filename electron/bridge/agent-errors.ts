import type { CallToolResult } from '@modelcontextprotocol/server';
import { CodedError, hintSentence, toCodedError, type ErrorCode as Code } from '../../shared/errors';
import { redact, redactor } from '../../shared/redact';
import { isDiagnosisHint, OUTPUT_BELOW, RPC_ERROR } from '../pool';

/** Where our error travels in a result's `_meta` (MCP `_meta` keys take a reverse-DNS style prefix). */
export const ERROR_META_KEY = 'connected-services/error';

export interface AgentError {
  code: Code;
  message: string;
  hint?: string;
  server?: string;
  /** How long a rate-limited server asked to wait (its Retry-After), so an agent need not retry blindly. */
  retryAfterMs?: number;
}

/** A `data.retryAfterMs` the pool set (map-error.ts), bounded there; anything else is not passed on. */
function retryAfterOf(data: Record<string, unknown> | undefined): number | undefined {
  const value = data?.['retryAfterMs'];
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * The message an error carries for agents in `data.agentMessage`, when the person's names what only
 * the person should read (a command line or URL waiting for approval, which a hostile entry may have
 * written to talk to the agent).
 */
export function agentMessageOf(data: Record<string, unknown> | undefined): string | undefined {
  const value = data?.['agentMessage'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The hint an error carries for agents in `data.agentHint`, where the fix is the agent's own (its arguments), not the person's. */
function agentHintOf(data: Record<string, unknown> | undefined): string | undefined {
  const value = data?.['agentHint'];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** What an agent may learn of an error: code, message, hint, server, a wait; never other data such as a stderr tail. */
export function agentError(error: unknown, server?: string): AgentError {
  const coded = toCodedError(error);
  const out: AgentError = { code: coded.code, message: redact(agentMessageOf(coded.data) ?? coded.message) };
  const own = agentHintOf(coded.data);
  let hint = own !== undefined ? redact(own) : coded.hint === undefined ? undefined : redact(coded.hint);
  if (coded.code === 'auth_required') {
    const who = server === undefined ? 'this service' : `"${server}"`;
    hint = `the person must re-authorize ${who} in Connected Services${hint === undefined ? '' : ` (${hint})`}; retry after that`;
  } else if (own === undefined && hint?.startsWith(OUTPUT_BELOW) === true) {
    // The output the person's command line prints below is not the agent's to read.
    hint = `ask the person to check the server's output in Connected Services (\`connected-services logs ${server ?? 'NAME'}\`)`;
  } else if (own === undefined && hint !== undefined && isDiagnosisHint(coded.data)) {
    // What is wrong, not a step: the agent passes it on; "do this" before it would make no sense.
    hint = `tell the person: ${hint}`;
  } else if (own === undefined && hint?.includes('`connected-services ') === true) {
    // A fix written for the person's terminal (an approval, a sign-in) is theirs to make, not the agent's.
    hint = `ask the person to do this in Connected Services: ${hint}`;
  }
  if (hint !== undefined) out.hint = hintSentence(hint);
  // A refusal of our own tools (search, call) is of no server: no empty name is shown as one.
  if (server !== undefined && server !== '') out.server = server;
  const retryAfterMs = coded.code === 'rate_limited' ? retryAfterOf(coded.data) : undefined;
  if (retryAfterMs !== undefined) out.retryAfterMs = retryAfterMs;
  return out;
}

/** A failed call as a tool result (MCP: tool execution errors are results with isError, so the model sees them). */
export function errorResult(error: AgentError): CallToolResult {
  const text = `${error.code}: ${error.message}${error.hint === undefined ? '' : `\nWhat to do: ${error.hint}`}`;
  return { content: [{ type: 'text', text }], isError: true, _meta: { [ERROR_META_KEY]: { ...error } } };
}

/**
 * JSON-RPC codes of refused or failed reads (resources/read, prompts/get): a client shows -32603 as a
 * bug in the server, so each of our codes has its own. -32000…-32099 are for implementations
 * (JSON-RPC 2.0 §5.1); `data.code` always carries ours.
 */
export const RPC_CODES: Partial<Record<Code, number>> = {
  invalid_input: RPC_ERROR.InvalidParams,
  // MCP 2025-11-25 server/resources "Error Handling": resource not found is -32002. SDK v2's codec sends it
  // as -32602 on both eras (2026-07-28 requires -32602); `data.code` still says not_found.
  not_found: -32002,
  timeout: RPC_ERROR.RequestTimeout,
  denied: -32010,
  auth_required: -32011,
  rate_limited: -32012,
  server_unavailable: -32013,
};

/**
 * Thrown from a request handler, it becomes the JSON-RPC error as is (the SDK copies code, message
 * and data); McpError would prefix its message and the client prefixes it again.
 */
export class RpcError extends Error {
  readonly code: number;
  readonly data: AgentError;

  constructor(code: number, error: AgentError) {
    super(error.message);
    this.name = 'RpcError';
    this.code = code;
    this.data = { ...error };
  }
}

/** A failure as a JSON-RPC error (resources/read, prompts/get, unknown names), our code in `data`. */
export function rpcError(error: AgentError, rpcCode?: number): RpcError {
  return new RpcError(rpcCode ?? RPC_CODES[error.code] ?? RPC_ERROR.InternalError, error);
}

/** An upstream tool error (isError) passes through, its text redacted. */
export function redactedToolError<T>(result: T): T {
  return redactor.redactValue(result);
}

export function denied(message: string, hint: string, server?: string): AgentError {
  return agentError(new CodedError('denied', message, { hint }), server);
}
