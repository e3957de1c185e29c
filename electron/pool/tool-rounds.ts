import type { Client, RequestOptions, Tool } from '@modelcontextprotocol/client';
import { withMeta } from './call-helpers';
import type { ClientSdk } from './client-sdk';
import { isHeaderMismatch, stillMismatched, type RelistTools } from './header-mismatch';
import { invalidOutput, OutputValidators, type ListedTools } from './output-validators';
import { throughRounds, type AnswerInput } from './server-rounds';

/** How a call recovers from a server's header mismatch: its name (for the error), and our own bounded re-list. */
export interface MismatchRecovery {
  server: string;
  relist: RelistTools;
}

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
 */
export class ToolRounds {
  readonly #client: Client;
  readonly #ProtocolError: ClientSdk['ProtocolError'];
  readonly #tools: ListedTools;
  readonly #validators: OutputValidators;
  readonly #answer: AnswerInput;
  readonly #recovery: MismatchRecovery | undefined;

  constructor(client: Client, sdk: Pick<ClientSdk, 'ProtocolError' | 'jsonSchemaValidator'>, tools: ListedTools, answer: AnswerInput, recovery?: MismatchRecovery) {
    this.#client = client;
    this.#ProtocolError = sdk.ProtocolError;
    this.#tools = tools;
    this.#validators = new OutputValidators(sdk.jsonSchemaValidator, tools);
    this.#answer = answer;
    this.#recovery = recovery;
  }

  /** The final result (parsed by the SDK with its CallToolResultSchema), checked against the tool's output schema. */
  async call(tool: string, args: Record<string, unknown>, options: RequestOptions, meta?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const params = withMeta({ name: tool, arguments: args }, meta);
    let listed = this.#tools(tool);
    let check = this.#validators.of(tool);
    const leg = (answers: object | undefined): Promise<unknown> =>
      // A schema the SDK cannot compile: callTool refuses the call with its own error, before sending it.
      check === 'uncompilable'
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
        await recovery.relist();
        listed = this.#tools(tool);
        check = this.#validators.of(tool);
        try {
          return await leg(answers);
        } catch (again) {
          throw isHeaderMismatch(again) ? stillMismatched(recovery.server, tool, again as Error) : again;
        }
      }
    };
    const result = check === 'uncompilable' ? ((await send(undefined)) as Record<string, unknown>) : await throughRounds<Record<string, unknown>>(send, this.#answer, options.signal);
    const invalid = check === 'uncompilable' ? undefined : invalidOutput(this.#ProtocolError, tool, result, check);
    if (invalid) throw invalid;
    return result;
  }
}

/** The tool as listed, for callTool's `toolDefinition` (the listing the SDK itself parsed, so its shape is a Tool's). */
function definition(name: string, inputSchema: object | undefined, outputSchema: object | undefined): Tool {
  const tool = { name, inputSchema: inputSchema ?? { type: 'object' } } as Tool;
  return outputSchema === undefined ? tool : ({ ...tool, outputSchema } as Tool);
}
