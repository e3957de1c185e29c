import type { AppApi } from '../../../shared/api';
import { CodedError, toCodedError } from '../../../shared/errors';
import { withSuggestion } from '../../../shared/text';

/** An agent command's `not_found` for the agent it named, with the agent a typo most likely meant. */
export async function explainAgentError(api: Pick<AppApi, 'listAgents'>, name: string, error: unknown): Promise<never> {
  const coded = toCodedError(error);
  if (coded.code !== 'not_found' || !coded.message.startsWith('No agent named')) throw coded;
  const names = (await api.listAgents({}).catch(() => [])).map((agent) => agent.name);
  const hint = coded.hint ?? 'See `connected-services agents list`';
  throw new CodedError(coded.code, coded.message, { hint: withSuggestion(name, names, hint), ...(coded.data ? { data: coded.data } : {}) });
}
