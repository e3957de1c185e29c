import { isProtocolError, RPC_ERROR, type ProtocolErrorLike } from './rpc-codes';

/**
 * A server's "invalid params" (-32602) to a request sent again with the answers to what it asked
 * (`inputResponses`, MCP 2026-07-28 basic/patterns/mrtr): the arguments were the same as in the
 * leg it accepted, so what it refused is an answer.
 */
export class AnswerRefused extends Error {
  readonly serverError: ProtocolErrorLike;
  /** The methods of the requests answered in the round it refused (`elicitation/create`, …). */
  readonly asked: readonly string[];

  constructor(serverError: ProtocolErrorLike, asked: readonly string[]) {
    super(serverError.message, { cause: serverError });
    this.name = 'AnswerRefused';
    this.serverError = serverError;
    this.asked = asked;
  }
}

/** The error a leg carrying answers failed with, as an AnswerRefused when the server said its params were invalid. */
export function answerRefusedOf(error: unknown, asked: readonly string[]): unknown {
  return isProtocolError(error) && error.code === RPC_ERROR.InvalidParams ? new AnswerRefused(error, asked) : error;
}

const WHAT_WAS_ASKED = new Map([
  ['elicitation/create', 'the answer to its question'],
  ['sampling/createMessage', 'the model reply it asked for'],
  ['roots/list', 'the list of roots it asked for'],
]);

/** What was answered, in words: "the answer to its question", or the general form for a mixed round. */
export function answered(asked: readonly string[]): string {
  const kinds = new Set(asked);
  const [only] = kinds;
  return kinds.size === 1 && only !== undefined ? (WHAT_WAS_ASKED.get(only) ?? 'the answer to what it asked') : 'the answers to what it asked';
}
