import type { ApiInput, AppApi } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';

/**
 * A command-line prompt the person would confirm only to see it fail, refused now instead, as
 * refuseUnusableCall does for a tool: a prompt its server's last inventory does not list, or one
 * that leaves out an argument the prompt requires. A server never listed is asked about as it is.
 */
export async function refuseUnusablePrompt(api: AppApi, input: ApiInput<'getPrompt'>): Promise<void> {
  const { server, name } = input;
  const prompts = await api.listPrompts({ server }).catch(() => undefined);
  if (prompts === undefined || prompts.length === 0) return;
  const found = prompts.find((p) => p.name === name);
  if (found === undefined) {
    throw new CodedError('not_found', redact(`"${server}" has no prompt "${name}"; nothing was asked in the app`), {
      hint: `Run \`connected-services prompts ${server}\` to see what it offers`,
    });
  }
  const given = input.arguments ?? {};
  const missing = (found.arguments ?? []).filter((a) => a.required === true && !Object.hasOwn(given, a.name)).map((a) => `"${a.name}"`);
  if (missing.length > 0) {
    throw new CodedError('invalid_input', redact(`Prompt "${name}" of "${server}" requires ${missing.length === 1 ? 'the argument' : 'the arguments'} ${missing.join(', ')}, missing from this call; nothing was asked in the app`), {
      hint: `Run \`connected-services prompts ${server}\` to see what each takes`,
    });
  }
}
