import type { CodedError } from '../../shared/errors';
import { joinedLines, oneLineSafe } from '../../shared/text';
import type { ErrorContext } from './error-context';
import { rateLimited } from './rate-limited-error';
import { retryAfterOfValue } from './retry-after';
import { RPC_ERROR, type ProtocolErrorLike } from './rpc-codes';
import { unknownName } from './unknown-name';
import { coded } from './redacted-error';
import { DIAGNOSIS_HINT } from './hint-kind';
import { type AnswerRefused, answered } from './answer-refused';
import { isInvalidAnswerText } from './invalid-answer';

/** Whether an error is a JSON-RPC error its server answered (`data.mcpCode`): the connection that carried it is sound. */
export function serverAnswered(error: CodedError): boolean {
  return typeof error.data?.['mcpCode'] === 'number';
}

/** The server's own text, without the SDK's `MCP error <code>: ` prefixes, as one line (its breaks as `; `, other controls escaped: it may reach a terminal). */
function serverText(error: ProtocolErrorLike): string {
  return joinedLines(error.message.replace(/^(?:MCP error -?\d+: )+/, '').slice(0, 500));
}

/** What was asked, cut to a readable length: a 10,000-character name is said once, in part. */
function clipped(what: string): string {
  return what.length > 200 ? `${what.slice(0, 200)}…` : what;
}

/** How the SDK client's output-schema check words a result that breaks the tool's listed output schema. */
const BROKEN_OUTPUT = /^Structured content does not match the tool's output schema\b/;
/** How the SDK client (and invalidOutput) words an output-schema check that threw rather than gave a verdict. */
const FAILED_CHECK = /^Failed to validate structured content: /;
/** How the SDK client refuses, before sending it, a call of a tool whose listed output schema its validator cannot compile. */
const UNCOMPILABLE_OUTPUT = /^Tool '[\s\S]*' has an invalid outputSchema: /;
/**
 * How the SDK words a result its own schema refuses (`Invalid tools/call result: [zod issues]`), as a
 * server built on it answers when its handler returned one (-32602 there too): the server's fault.
 */
const REFUSED_RESULT = /^Invalid (?:result for )?[a-z]+\/[a-zA-Z]+(?: result)?:/;

/** How the SDK client's output-schema check words a successful result without the structured content the schema asks for. */
const NO_STRUCTURED_OUTPUT = /^(?:MCP error -?\d+: )*Tool [\s\S]* has an output schema but did not return structured content$/;
/** MCP's code for a resource that does not exist, as servers before 2026-07-28 answer it. */
const RESOURCE_NOT_FOUND = -32002;

/** The listing that shows what a server offers of the kind asked for (`resource x` → `resources`). */
function listingOf(what: string | undefined): string {
  if (what?.startsWith('resource')) return 'resources';
  if (what?.startsWith('prompt')) return 'prompts';
  return 'tools';
}

/** The server has no such tool, resource or prompt (any more). */
function noSuchName(error: ProtocolErrorLike, ctx: ErrorContext, data: Record<string, unknown>): CodedError {
  return coded('not_found', `"${ctx.server}" has no ${clipped(ctx.what ?? 'the request')}: ${clipped(serverText(error))}`, {
    // The CLI and the bridge ask only for names of the last listing (when there is one): the server's has changed since.
    hint: `run \`connected-services ${listingOf(ctx.what)} ${ctx.server} --refresh\` to see what it offers now (its ${listingOf(ctx.what)} may have changed since they were listed)`,
    data,
  });
}

/** -32602: an unknown name (not_found) or arguments that do not fit the input schema (invalid_input). */
function invalidParams(error: ProtocolErrorLike, ctx: ErrorContext, data: Record<string, unknown>): CodedError {
  const text = clipped(serverText(error));
  const what = clipped(ctx.what ?? 'the request');
  // Judged on the whole text: cut, a long name's `not found` would be gone.
  if (unknownName(error.message.replace(/^(?:MCP error -?\d+: )+/, '').slice(0, 20_000), ctx.what)) return noSuchName(error, ctx, data);
  // The SDK client's own output check (output-validators.ts) also says -32602: the server's fault, not the arguments'.
  if (BROKEN_OUTPUT.test(text)) {
    return coded('internal', `"${ctx.server}" answered ${what} with a result that breaks its own output schema: ${text}`, {
      hint: `the server's structured result does not fit the output schema it lists (\`connected-services tools ${ctx.server} --json\` shows it): a bug for the server's maintainers to fix`,
      data: { ...data, ...DIAGNOSIS_HINT },
    });
  }
  if (FAILED_CHECK.test(text)) {
    // Our own check failed, not the server and not the arguments: no verdict on the result was reached.
    return coded('internal', `"${ctx.server}" answered ${what}, but its result could not be checked against the tool's output schema: ${text}`, {
      hint: `the check of the result failed in Connected Services, not the arguments; report it with the tool's output schema (\`connected-services tools ${ctx.server} --json\` shows it)`,
      data: { ...data, agentHint: 'your arguments are not at fault: the result could not be checked, so it was not passed on' },
    });
  }
  if (UNCOMPILABLE_OUTPUT.test(text)) {
    return coded('internal', `"${ctx.server}" lists ${what} with an output schema that cannot be compiled, so the call was not sent: ${text}`, {
      hint: `the server's tool declares an output schema its results cannot be checked against (\`connected-services tools ${ctx.server} --json\` shows it); tell the server's maintainers`,
      data: { ...data, agentHint: "the server, not your arguments, is at fault: calling again will not help until its maintainers fix the tool's output schema" },
    });
  }
  if (REFUSED_RESULT.test(text)) {
    // The issues' JSON, one line: its breaks as spaces, not escapes.
    const issues = clipped(oneLineSafe(error.message.replace(/^(?:MCP error -?\d+: )+/, '').slice(0, 2000).replace(/\s+/g, ' ')));
    return coded('internal', `"${ctx.server}" answered ${what} with a result MCP does not allow: ${issues}`, {
      hint: `the server built a malformed result (not the arguments' fault); tell the server's maintainers`,
      data: { ...data, agentHint: 'the server, not your arguments, is at fault: calling again with other arguments will not help' },
    });
  }
  const against = listingOf(ctx.what) === 'tools' ? 'the input schema' : 'what it takes';
  return coded('invalid_input', `"${ctx.server}" rejected the arguments of ${what}: ${text}`, {
    hint: `check the arguments against ${against} (\`connected-services ${listingOf(ctx.what)} ${ctx.server} --json\` shows it)`,
    // An agent fixes its own arguments: it has the schema from its listing or a search.
    data: { ...data, agentHint: listingOf(ctx.what) === 'tools' ? "fix the arguments to fit the tool's input schema (tools/list or search_tools shows it), then call again" : `fix the arguments to fit what ${listingOf(ctx.what)}/list says it takes, then call again` },
  });
}

/** -32602 to a request sent again with answers: the server refused an answer, not the arguments it had taken. */
export function answerRefused(error: AnswerRefused, ctx: ErrorContext): CodedError {
  const what = clipped(ctx.what ?? 'the request');
  return coded('invalid_input', `"${ctx.server}" refused ${answered(error.asked)} during ${what}: ${clipped(serverText(error.serverError))}`, {
    hint: `the arguments were accepted: run ${what} again and give an answer that fits what "${ctx.server}" asks`,
    data: { mcpCode: error.serverError.code },
  });
}

/** The `retry_after` (seconds) a server's JSON-RPC error carries in its `data`, as a bounded wait. */
function retryAfterInData(error: ProtocolErrorLike): number | undefined {
  const data = error.data;
  if (data === null || typeof data !== 'object' || !('retry_after' in data)) return undefined;
  return retryAfterOfValue(data.retry_after, Date.now());
}

/**
 * A JSON-RPC error the server answered, mapped by its code (JSON-RPC 2.0 §5.1, MCP's own codes): the
 * server failed, not Connected Services, so one it gives no meaning we act on is `server_unavailable`.
 */
export function fromProtocolError(error: ProtocolErrorLike, ctx: ErrorContext, during: string): CodedError {
  const data = { mcpCode: error.code, server: ctx.server };
  // A server that says how long to wait is rate limiting us, whatever code it chose.
  const retryAfterMs = retryAfterInData(error);
  if (retryAfterMs !== undefined) return rateLimited(ctx, `${during}: ${serverText(error)}`, retryAfterMs, data);
  if (error.code === RPC_ERROR.InvalidParams) return invalidParams(error, ctx, data);
  // MCP 2025-11-25 server/resources §Error Handling: an older server's "resource not found".
  if (error.code === RESOURCE_NOT_FOUND) return noSuchName(error, ctx, data);
  if (error.code === RPC_ERROR.MethodNotFound) {
    return coded('not_found', `"${ctx.server}" does not support this: ${serverText(error)}`, {
      hint: `run \`connected-services ${listingOf(ctx.what)} ${ctx.server}\` to see what it offers`,
      data,
    });
  }
  if (error.code === RPC_ERROR.InternalError && isInvalidAnswerText(serverText(error))) {
    // Our words in place of a malformed answer: no error of the server's, and no retry mends it.
    return coded('internal', `"${ctx.server}" broke JSON-RPC ${during}: ${serverText(error)}`, {
      hint: `the server's answer is not valid JSON-RPC, so none of it is used; tell the maintainers of "${ctx.server}"`,
      data,
    });
  }
  if (error.code === RPC_ERROR.InvalidRequest && NO_STRUCTURED_OUTPUT.test(error.message)) {
    // The SDK client's own output check (output-validators.ts), as for a result that breaks the schema.
    return coded('internal', `"${ctx.server}" answered ${clipped(ctx.what ?? 'the request')} without the structured result its output schema promises: ${clipped(serverText(error))}`, {
      hint: `the server's result does not fit the output schema it lists (\`connected-services tools ${ctx.server} --json\` shows it): a bug for the server's maintainers to fix`,
      data: { ...data, ...DIAGNOSIS_HINT },
    });
  }
  return coded('server_unavailable', `"${ctx.server}" answered with an error ${during}: ${serverText(error)}`, {
    hint: 'the server reported this error itself; check its log or its service, then retry',
    data,
  });
}
