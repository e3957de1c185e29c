import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import type { ApprovalRequest } from './call-approval-queue';

/**
 * Refuses to make "always allow" of a waiting call that no rule could allow next time: a resource read
 * or prompt (a rule by that name would also allow a tool of that name), the bridge's own tool, and a
 * call held because its arguments carry a value from the vault (held whatever a rule says).
 * @throws CodedError invalid_input naming why, with nothing allowed.
 */
export function refuseRemember(pending: Pick<ApprovalRequest, 'kind' | 'server' | 'tool'> & { warning?: string | undefined }): void {
  const { kind, server, tool, warning } = pending;
  if (kind !== 'tool') {
    throw new CodedError('invalid_input', `only a tool call can be always allowed; this is a ${kind} read`, {
      hint: "allow it once, or set the agent's read policy to allow",
    });
  }
  // The bridge's own tool (search_tools held for a value we hold): no service's rule could name it.
  if (server === '') throw new CodedError('invalid_input', redact(`${tool} is the bridge's own tool, not a service's: it cannot be always allowed`), { hint: 'allow it once' });
  if (warning !== undefined) {
    throw new CodedError(
      'invalid_input',
      redact(`${tool} on ${server} cannot be always allowed: this call is held because ${warning}, and such a call is held whatever a rule says, so a rule cannot allow it; nothing was allowed`),
      { hint: 'allow it once if you gave the agent that value yourself, or deny it' },
    );
  }
}
