import { CodedError, WireErrorSchema } from '../../shared/errors';
import type { RuntimeInfo } from '../app';
import { appOrigin } from './running-app';

/**
 * Asks the running serve for a new sign-in address of its web UI. The address is shown where that
 * serve runs, never answered here: this command holds only the command line's credential, which any
 * process of the user can read, so the person's terminal is the only place a new link may appear.
 */
export async function askForUiLink(info: RuntimeInfo): Promise<void> {
  const origin = appOrigin(info);
  let response: Response;
  try {
    response = await fetch(`${origin}/api/ui-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${info.secret}`, 'x-connected-services-pid': String(process.pid) },
      body: '{}',
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new CodedError('server_unavailable', `The running app at ${origin} did not answer`, { cause: error, hint: 'Is it still running?' });
  }
  if (response.ok) return;
  const answer = (await response.json().catch(() => ({}))) as { error?: unknown };
  const wire = WireErrorSchema.safeParse(answer.error);
  throw wire.success ? CodedError.fromWire(wire.data) : new CodedError('internal', `The running app answered HTTP ${response.status}`);
}
