import { cutText, terminalSafe } from '../../shared/text';
import { errorMessage } from '../../shared/errors';

/** Tools one log line names (each cut to MAX_NAME), the rest counted; as listing-items.ts. */
const SHOWN = 5;
const MAX_NAME = 64;

/**
 * One log line for a listing's tools whose output schema the SDK's Ajv cannot compile (a bad
 * `pattern`, an unresolvable `$ref`, an unknown `type`), or none. Agents are listed such a tool
 * without its output schema (bridge output-schema-check.ts), and its calls are refused before they
 * are sent: the person learns why here, once per listing. Escaped: names and errors are the server's text.
 */
export async function uncompilableOutputLine(server: string, tools: readonly { name: string; outputSchema?: object | undefined }[]): Promise<string | undefined> {
  const withSchema = tools.filter((t) => t.outputSchema !== undefined);
  if (withSchema.length === 0) return undefined;
  const { AjvJsonSchemaValidator } = await import('@modelcontextprotocol/client/validators/ajv');
  // Its own Ajv, dropped after: Ajv keeps every schema it compiled for as long as it lives.
  const compiler = new AjvJsonSchemaValidator();
  const named: string[] = [];
  for (const tool of withSchema) {
    try {
      compiler.getValidator(tool.outputSchema as Record<string, unknown>);
    } catch (error) {
      named.push(`${JSON.stringify(cutText(tool.name, MAX_NAME))} (${cutText(errorMessage(error), 200)})`);
    }
  }
  if (named.length === 0) return undefined;
  const more = named.length > SHOWN ? ` and ${named.length - SHOWN} more` : '';
  return terminalSafe(
    `[${server}] lists tools whose output schema cannot be compiled, agents are listed them without it, and their calls are refused before they are sent: ${named.slice(0, SHOWN).join(', ')}${more}`,
  );
}
