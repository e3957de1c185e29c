import { CodedError } from '../../shared/errors';
import { agentError, type AgentError } from './agent-errors';

/**
 * The bridge's answers for a name or URI that names nothing. They never repeat what the agent sent:
 * redacted, a right guess at a vault value would come back "[redacted]" and a wrong one verbatim, so
 * the answer itself would tell the two apart. Its length is enough to tell which request it was.
 */
export type AskedKind = 'tool' | 'prompt' | 'resource' | 'template' | 'service';

const WHAT: Record<AskedKind, { what: string; hint: string }> = {
  tool: { what: 'unknown tool (a name', hint: 'list the tools you may use with tools/list' },
  prompt: { what: 'unknown prompt (a name', hint: 'list the prompts you may use with prompts/list' },
  resource: { what: 'no resource among the services you may use has that URI (a URI', hint: 'list them with resources/list and resources/templates/list' },
  template: { what: 'no resource template among the services you may use has that URI template (one', hint: 'list them with resources/templates/list' },
  service: { what: 'no service among those you may use has that name (a name', hint: 'leave `server` out, or use a service name a listing gave you' },
};

export function unknownNameError(kind: AskedKind, asked: string, hint?: string): CodedError {
  const { what, hint: listHint } = WHAT[kind];
  return new CodedError('not_found', `${what} of ${asked.length} characters)`, { hint: hint ?? listHint });
}

export function unknownName(kind: AskedKind, asked: string, hint?: string): AgentError {
  return agentError(unknownNameError(kind, asked, hint));
}
