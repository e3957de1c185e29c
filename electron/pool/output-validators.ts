import type { jsonSchemaValidator } from '@modelcontextprotocol/client';
import type { ClientSdk } from './client-sdk';
import { RPC_ERROR } from './rpc-codes';
import { errorMessage } from '../../shared/errors';

/** A tool's output-schema check: the SDK validator's verdict. */
export type OutputValidator = (value: unknown) => { valid: boolean; errorMessage?: string | undefined };

/** What a call needs of a tool as the server listed it (the pool's inventory). */
export interface ListedTool {
  inputSchema?: object | undefined;
  outputSchema?: object | undefined;
}

/** A tool as last listed, or undefined for one not listed. */
export type ListedTools = (tool: string) => ListedTool | undefined;

/**
 * Output-schema checks compiled once per listed schema (the schema object itself is the key, so a
 * new listing compiles anew), with the validator the SDK's Client uses.
 */
export class OutputValidators {
  readonly #compiler: jsonSchemaValidator;
  readonly #tools: ListedTools;
  readonly #compiled = new WeakMap<object, OutputValidator | 'uncompilable'>();

  constructor(compiler: jsonSchemaValidator, tools: ListedTools) {
    this.#compiler = compiler;
    this.#tools = tools;
  }

  /** The check, undefined for a tool without an output schema, `uncompilable` for one the SDK would refuse. */
  of(tool: string): OutputValidator | undefined | 'uncompilable' {
    const schema = this.#tools(tool)?.outputSchema;
    if (schema === undefined) return undefined;
    let check = this.#compiled.get(schema);
    if (check === undefined) {
      try {
        check = this.#compiler.getValidator(schema);
      } catch {
        check = 'uncompilable';
      }
      this.#compiled.set(schema, check);
    }
    return check;
  }
}

/** ListedTools over a listing read at each call, indexed once per listing (the array itself is the key). */
export function listedTools(tools: () => readonly (ListedTool & { name: string })[]): ListedTools {
  let indexed: readonly unknown[] | undefined;
  let byName = new Map<string, ListedTool>();
  return (tool) => {
    const listing = tools();
    if (listing !== indexed) {
      byName = new Map(listing.map((t) => [t.name, t] as const));
      indexed = listing;
    }
    return byName.get(tool);
  };
}

/**
 * Client.callTool's output-schema check, word for word (SDK v2 client callTool): the error for a
 * result that breaks the tool's listed output schema, or undefined. One check for every path that
 * does not leave it to callTool (direct-calls.ts, tool-rounds.ts), so an agent sees the same error.
 */
export function invalidOutput(
  ProtocolError: ClientSdk['ProtocolError'],
  name: string,
  result: { structuredContent?: unknown; isError?: unknown },
  check: OutputValidator | undefined,
): Error | undefined {
  if (!check) return undefined;
  if (result.structuredContent === undefined && !result.isError) {
    return new ProtocolError(RPC_ERROR.InvalidRequest, `Tool ${name} has an output schema but did not return structured content`);
  }
  if (result.structuredContent === undefined || result.isError) return undefined;
  let verdict: ReturnType<OutputValidator>;
  try {
    verdict = check(result.structuredContent);
  } catch (error) {
    return new ProtocolError(RPC_ERROR.InvalidParams, `Failed to validate structured content: ${errorMessage(error)}`);
  }
  return verdict.valid ? undefined : new ProtocolError(RPC_ERROR.InvalidParams, `Structured content does not match the tool's output schema: ${verdict.errorMessage}`);
}
