import type { AppApi } from '../../../shared/api';
import { APP_REVIEW_TOOL, CodedError, isCodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import type { Pool } from '../../pool';

/**
 * A tool the server lists that agents do not see (electron/pinning): new and waiting for the person's
 * review, or refused by them. The person's own call runs only what they approved, as an agent's does;
 * a tool the pins do not know of (a listing not seen yet) is left to the server to answer.
 */
export async function refuseWithheldTool(pool: Pool, pins: Pick<AppApi, 'listHeldChanges' | 'listRefused'>, server: string, tool: string): Promise<void> {
  const visible = await pool.tools(server).catch(() => undefined);
  if (visible?.some((t) => t.name === tool)) return;
  const isTool = (item: { kind: string; name: string }): boolean => item.kind === 'tool' && item.name === tool;
  // Not known to be approved: a review list that cannot be read refuses the call rather than let it pass.
  const unread = (failure: unknown): never => {
    // The server's own problem (not configured, a broken entry) is the call's answer as it would be anyway.
    if (isCodedError(failure) && failure.code !== 'internal') throw failure;
    throw new CodedError('denied', redact(`Could not read whether tool "${tool}" of "${server}" waits for your review; nothing was run.`), {
      hint: `Run \`connected-services doctor\` to see what is wrong with the app's files, then try again.`,
    });
  };
  const held = await pins.listHeldChanges({ server }).catch(unread);
  if (held.some(isTool)) {
    throw new CodedError('denied', redact(`Tool "${tool}" of "${server}" is new and waits for your review; it runs once you accept it. Nothing was run.`), {
      hint: `Run \`connected-services servers review ${server}\` to see it and accept or refuse it, or ${APP_REVIEW_TOOL}.`,
    });
  }
  const refused = await pins.listRefused({ server }).catch(unread);
  if (refused.some(isTool)) {
    throw new CodedError('denied', redact(`You refused tool "${tool}" of "${server}"; nothing was run.`), {
      hint: `Run \`connected-services servers review ${server} --refused\` to see it, and accept it there after all if you want it to run.`,
    });
  }
}
