import type { Client, RequestOptions, Tool } from '@modelcontextprotocol/client';
import { withMeta } from './call-helpers';
import type { ClientSdk } from './client-sdk';
import { isHeaderMismatch, stillMismatched } from './header-mismatch';
import { awaitFreshDefinition, type MismatchRecovery } from './mismatch-relist';
import { invalidOutput, OutputValidators, type ListedTools } from './output-validators';
import { throughRounds, type AnswerInput } from './server-rounds';

/**
 * tools/call on a 2026-07-28 connection, its `input_required` rounds answered by the pool in the call's
 * own scope (server-rounds.ts), every tool alike. Every leg is sent with the tool's definition as the
 * pool last listed it (callTool's `toolDefinition`), minus its output schema: the `Mcp-Param-*` headers
 * are mirrored from its input schema (SEP-2243), and the final result is checked here against the
 * output schema exactly as callTool would (output-validators.ts; callTool checks every answer, an
 * `input_required` one too). Given a definition, callTool never lists the tools itself after a
 * server's header-mismatch error (-32020): its own walk holds up to 64 pages of a message's bound each.
 * The pool lists them again instead, with the walk and bounds of every listing (`recovery`), and sends
 * the leg once more with the fresh definition; a second mismatch is the server's fault, said clearly.
 * Without `answer` (a connection that routes no asks) the call is one leg, checked by callTool itself,
 * still with its definition: every 2026-07-28 call goes this way, so the SDK's own re-list never runs.
 */
export class ToolRounds {
  readonly #client: Client;
  readonly #sdk: Pick<ClientSdk, 'ProtocolError' | 'SdkError' | 'SdkErrorCode'>;
  readonly #tools: ListedTools;
  readonly #validators: OutputValidators;
  readonly #answer: AnswerInput | undefined;
  readonly #recovery: MismatchRecovery | undefined;

  constructor(
    client: Client,
    sdk: Pick<ClientSdk, 'ProtocolError' | 'SdkError' | 'SdkErrorCode' | 'jsonSchemaValidator'>,
    tools: ListedTools,
    answer: AnswerInput | undefined,
    recovery?: MismatchRecovery,
  ) {
    this.#client = client;
    this.#sdk = sdk;
    this.#tools = tools;
    this.#validators = new OutputValidators(sdk.jsonSchemaValidator, tools);
    this.#answer = answer;
    this.#recovery = recovery;
  }

  /** The final result (parsed by the SDK with its CallToolResultSchema), checked against the tool's output schema. */
  async call(tool: string, args: Record<string, unknown>, options: RequestOptions, meta?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const params = withMeta({ name: tool, arguments: args }, meta);
    const answer = this.#answer;
    let listed = this.#tools(tool);
    let check = this.#validators.of(tool);
    // One leg checked by callTool: a schema the SDK cannot compile (it refuses the call with its own error, before sending it), or no rounds to answer.
    const plain = (): boolean => check === 'uncompilable' || !answer;
    const leg = (answers: object | undefined): Promise<unknown> =>
      plain()
        ? this.#client.callTool({ ...params, ...answers }, { ...options, toolDefinition: definition(tool, listed?.inputSchema, listed?.outputSchema) })
        : this.#client.callTool({ ...params, ...answers }, { ...options, allowInputRequired: true, toolDefinition: definition(tool, listed?.inputSchema, undefined) });
    let relisted = false;
    const send = async (answers: object | undefined): Promise<unknown> => {
      try {
        return await leg(answers);
      } catch (error) {
        const recovery = this.#recovery;
        if (!isHeaderMismatch(error) || !recovery) throw error;
        // Once a call: a server that refuses the fresh definition too would have us list it forever.
        if (relisted) throw stillMismatched(recovery.server, tool, error as Error);
        relisted = true;
        await awaitFreshDefinition(recovery, this.#tools, tool, listed, options, this.#sdk);
        listed = this.#tools(tool);
        check = this.#validators.of(tool);
        try {
          return await leg(answers);
        } catch (again) {
          throw isHeaderMismatch(again) ? stillMismatched(recovery.server, tool, again as Error) : again;
        }
      }
    };
    if (plain() || !answer) return (await send(undefined)) as Record<string, unknown>;
    const result = await throughRounds<Record<string, unknown>>(send, answer, options.signal);
    const invalid = check === 'uncompilable' ? undefined : invalidOutput(this.#sdk.ProtocolError, tool, result, check);
    if (invalid) throw invalid;
    return result;
  }
}

/** The tool as listed, for callTool's `toolDefinition` (the listing the SDK itself parsed, so its shape is a Tool's). */
function definition(name: string, inputSchema: object | undefined, outputSchema: object | undefined): Tool {
  const tool = { name, inputSchema: inputSchema ?? { type: 'object' } } as Tool;
  return outputSchema === undefined ? tool : ({ ...tool, outputSchema } as Tool);
}
