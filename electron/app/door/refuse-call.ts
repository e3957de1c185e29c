import type { ApiInput, AppApi } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { cutText } from '../../../shared/text';
import { argumentMisfit } from './argument-check';

/** The names in a tool's `inputSchema.required` (JSON Schema §6.5.3), where it lists any. */
function requiredNames(schema: unknown): string[] {
  const required = (schema as { required?: unknown } | undefined)?.required;
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === 'string').slice(0, 100) : [];
}

/**
 * A command-line call the person would confirm only to see it fail, refused now instead: a tool its
 * server's last inventory does not have, or arguments that leave out one the tool requires (found
 * by a try-out: `call everything echo` waited for confirmation, then the server rejected it), or
 * arguments that do not fit its listed input schema. A server never listed is asked about as it is.
 */
export async function refuseUnusableCall(api: AppApi, input: ApiInput<'callTool'>): Promise<void> {
  const { server, tool } = input;
  const tools: unknown = await api.listTools({ server }).catch(() => undefined);
  if (!Array.isArray(tools) || tools.length === 0) return;
  const found = (tools as Array<{ name: string; inputSchema?: unknown }>).find((t) => t.name === tool);
  if (found === undefined) {
    throw new CodedError('not_found', redact(`"${server}" has no tool "${tool}"`), {
      hint: `run \`connected-services tools ${server}\` to see what it offers`,
    });
  }
  const given = input.arguments ?? {};
  const missing = requiredNames(found.inputSchema).filter((name) => !Object.hasOwn(given, name));
  if (missing.length > 0) {
    const names = missing.map((name) => `"${name}"`).join(', ');
    throw new CodedError('invalid_input', redact(`Tool "${tool}" of "${server}" requires ${missing.length === 1 ? 'the argument' : 'the arguments'} ${names}, missing from this call; nothing was asked in the app`), {
      hint: `give them in the JSON object after the tool's name, e.g. '{${missing.map((name) => `"${name}":…`).join(',')}}'; \`connected-services tools ${server} --json\` shows what each takes`,
    });
  }
  const misfit = argumentMisfit(found.inputSchema, given);
  if (misfit !== undefined) {
    throw new CodedError('invalid_input', redact(`The arguments do not fit the input schema of tool "${tool}" of "${server}" (${cutText(misfit, 300)}); nothing was asked in the app`), {
      hint: `Run \`connected-services tools ${server} --json\` to see what each argument takes`,
    });
  }
}
