import type { Client, RequestOptions, Tool } from '@modelcontextprotocol/client';
import { withMeta } from './call-helpers';
import type { ClientSdk } from './client-sdk';
import { invalidOutput, OutputValidators, type ListedTools } from './output-validators';
import { throughRounds, type AnswerInput } from './server-rounds';

/**
 * tools/call on a 2026-07-28 connection, its `input_required` rounds answered by the pool in the call's
 * own scope (server-rounds.ts), every tool alike. The SDK's callTool checks a tool's output schema on
 * every answer it gets, an `input_required` one too (which has no structured content), so a tool with
 * an output schema is sent with its listed definition minus that schema (callTool's `toolDefinition`:
 * the `Mcp-Param-*` headers are still mirrored from its input schema, SEP-2243), and the final result
 * is checked here against the schema exactly as callTool would (output-validators.ts). Given a
 * definition, callTool does not list the tools again after a server's header-mismatch error (for a
 * tool with an output schema that error reaches the caller; without one, callTool recovers as before).
 */
export class ToolRounds {
  readonly #client: Client;
  readonly #ProtocolError: ClientSdk['ProtocolError'];
  readonly #tools: ListedTools;
  readonly #validators: OutputValidators;
  readonly #answer: AnswerInput;

  constructor(client: Client, sdk: Pick<ClientSdk, 'ProtocolError' | 'jsonSchemaValidator'>, tools: ListedTools, answer: AnswerInput) {
    this.#client = client;
    this.#ProtocolError = sdk.ProtocolError;
    this.#tools = tools;
    this.#validators = new OutputValidators(sdk.jsonSchemaValidator, tools);
    this.#answer = answer;
  }

  /** The final result (parsed by the SDK with its CallToolResultSchema), checked against the tool's output schema. */
  async call(tool: string, args: Record<string, unknown>, options: RequestOptions, meta?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const listed = this.#tools(tool);
    const check = this.#validators.of(tool);
    const params = withMeta({ name: tool, arguments: args }, meta);
    // A schema the SDK cannot compile: callTool refuses the call with its own error, before sending it.
    if (check === 'uncompilable') {
      return this.#client.callTool(params, { ...options, toolDefinition: definition(tool, listed?.inputSchema, listed?.outputSchema) });
    }
    const send = (answers: object | undefined): Promise<unknown> => {
      const leg = { ...params, ...answers };
      return check === undefined
        ? this.#client.callTool(leg, { ...options, allowInputRequired: true })
        : this.#client.callTool(leg, { ...options, allowInputRequired: true, toolDefinition: definition(tool, listed?.inputSchema, undefined) });
    };
    const result = await throughRounds<Record<string, unknown>>(send, this.#answer, options.signal);
    const invalid = invalidOutput(this.#ProtocolError, tool, result, check);
    if (invalid) throw invalid;
    return result;
  }
}

/** The tool as listed, for callTool's `toolDefinition` (the listing the SDK itself parsed, so its shape is a Tool's). */
function definition(name: string, inputSchema: object | undefined, outputSchema: object | undefined): Tool {
  const tool = { name, inputSchema: inputSchema ?? { type: 'object' } } as Tool;
  return outputSchema === undefined ? tool : ({ ...tool, outputSchema } as Tool);
}
