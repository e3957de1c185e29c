import type { ApiInput } from '../../../shared/api';
import { CodedError, isCodedError } from '../../../shared/errors';
import type { RunningApp } from '../running-app';

/** Where a change waiting for confirmation is decided; `them` when several wait. */
const inTheApp = (what: 'it' | 'them'): string =>
  `Confirm or refuse ${what} in Connected Services (Activity → Waiting for you); \`connected-services approvals\` decides the calls agents wait on`;

/**
 * Allows or denies a call an agent waits on. An id the app knows as a change waiting for the
 * person's confirmation (a command's `Request c-…`) is said to be one, not "decided or timed out".
 */
export async function decideHeldCall(app: RunningApp, input: ApiInput<'decideApproval'>): Promise<void> {
  try {
    await app.call('decideApproval', input);
  } catch (error) {
    if (!isCodedError(error) || error.code !== 'not_found') throw error;
    const waiting = await app.call('listConfirmations', {}).catch(() => []);
    if (!waiting.some((c) => c.id === input.id)) throw error;
    throw new CodedError('invalid_input', `${input.id} is a change waiting for your confirmation in the app, not a call an agent waits on`, { hint: inTheApp('it') });
  }
}

/** Said under `approvals list`: changes from the command line wait elsewhere, and "no call" is not "nothing". */
export async function confirmationsNote(app: RunningApp): Promise<string | undefined> {
  const waiting = await app.call('listConfirmations', {}).catch(() => []);
  if (waiting.length === 0) return undefined;
  const ids = waiting.map((c) => c.id).join(', ');
  const where = inTheApp(waiting.length === 1 ? 'it' : 'them');
  return `${waiting.length === 1 ? '1 change waits' : `${waiting.length} changes wait`} for your confirmation in the app (${ids}), not here: ${where.charAt(0).toLowerCase()}${where.slice(1)}`;
}
