import type { jsonSchemaValidator } from '@modelcontextprotocol/server';
import type { ToolInfo } from '../../shared/api';

/** Each listed output schema's verdict, kept with the schema object (a new listing is judged anew). */
const compiles = new WeakMap<object, boolean>();

/**
 * Which tools' output schemas an agent's client can compile, judged with the SDK's Ajv (the one the
 * pool's client compiles them with, set up as the SDK 1.x client's own). A client compiles every
 * listed outputSchema when it lists (SDK 1.x `cacheToolMetadata`): one it cannot compile fails the
 * whole listing, every server's tools with it. Judged as the server listed it, as the pool does
 * (output-validators.ts `uncompilable`): such a tool's calls are refused before they are sent.
 */
export async function outputSchemaJudge(tools: readonly ToolInfo[]): Promise<(info: ToolInfo) => boolean> {
  const unjudged = tools.filter((t) => t.outputSchema !== undefined && !compiles.has(t.outputSchema));
  if (unjudged.length > 0) {
    const { AjvJsonSchemaValidator } = await import('@modelcontextprotocol/server/validators/ajv');
    // One per batch: Ajv keeps every schema it compiled for as long as it lives.
    const compiler: jsonSchemaValidator = new AjvJsonSchemaValidator();
    for (const { outputSchema } of unjudged) {
      if (outputSchema === undefined || compiles.has(outputSchema)) continue;
      compiles.set(outputSchema, compilable(compiler, outputSchema));
    }
  }
  return (info) => info.outputSchema === undefined || compiles.get(info.outputSchema) !== false;
}

function compilable(compiler: jsonSchemaValidator, schema: Record<string, unknown>): boolean {
  try {
    compiler.getValidator(schema);
    return true;
  } catch {
    return false;
  }
}
