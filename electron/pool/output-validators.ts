import type { jsonSchemaValidator } from '@modelcontextprotocol/client';

/** A tool's output-schema check: the SDK validator's verdict. */
export type OutputValidator = (value: unknown) => { valid: boolean; errorMessage?: string | undefined };

/** The output schema a server listed for a tool (the pool's inventory), or undefined. */
export type ToolSchemas = (tool: string) => object | undefined;

/**
 * Output-schema checks compiled once per listed schema (the schema object itself is the key, so a
 * new listing compiles anew), with the validator the SDK's Client uses.
 */
export class OutputValidators {
  readonly #compiler: jsonSchemaValidator;
  readonly #tools: ToolSchemas;
  readonly #compiled = new WeakMap<object, OutputValidator | 'uncompilable'>();

  constructor(compiler: jsonSchemaValidator, tools: ToolSchemas) {
    this.#compiler = compiler;
    this.#tools = tools;
  }

  /** The check, undefined for a tool without an output schema, `uncompilable` for one the SDK would refuse. */
  of(tool: string): OutputValidator | undefined | 'uncompilable' {
    const schema = this.#tools(tool);
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

/** ToolSchemas over a listing read at each call, indexed once per listing (the array itself is the key). */
export function listedSchemas(tools: () => readonly { name: string; outputSchema?: object | undefined }[]): ToolSchemas {
  let indexed: readonly unknown[] | undefined;
  let byName = new Map<string, object>();
  return (tool) => {
    const listing = tools();
    if (listing !== indexed) {
      byName = new Map(listing.flatMap((t) => (t.outputSchema === undefined ? [] : [[t.name, t.outputSchema] as const])));
      indexed = listing;
    }
    return byName.get(tool);
  };
}
