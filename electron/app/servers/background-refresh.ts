import type { RegistryState } from '../../../shared/api';
import { errorMessage } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import { cutText } from '../../../shared/text';
import type { AdminLog } from '../admin/admin-log';
import { failureInResult } from '../admin/failure-in-result';

/** How long a thrown failure kept in the admin log may be, as failureInResult's. */
const MAX_ERROR = 500;

/** Why the check refreshed: a registry never fetched yet (a first start, one just added), or a catalog gone stale. */
export type RefreshReason = 'unread' | 'stale';

const SUMMARY: Record<RefreshReason, string> = {
  unread: 'fetch the MCP registries\' catalog on its own (a registry had not been fetched yet)',
  stale: 'check the MCP registries for new entries on its own (the catalog was older than six hours)',
};

/**
 * A refresh nobody asked for, into the admin log as the app's own doing (`core`), as a requested
 * one is recorded (api-door.ts): a failed registry keeps its last catalog and the refresh resolves,
 * so without this line a catalog going stale says nothing in Activity. Resolves with why it failed,
 * or undefined.
 */
export async function refreshAndRecord(catalog: { refresh(): Promise<RegistryState[]> }, admin: Pick<AdminLog, 'record'> | undefined, reason: RefreshReason = 'stale'): Promise<string | undefined> {
  let failure: string | undefined;
  try {
    failure = failureInResult('refreshRegistries', { registries: await catalog.refresh() });
  } catch (error) {
    failure = cutText(redact(errorMessage(error)), MAX_ERROR);
  }
  admin?.record({ who: 'core', method: 'refreshRegistries', summary: SUMMARY[reason], input: {}, ...(failure === undefined ? { outcome: 'ok' } : { outcome: 'failed', error: failure }) });
  return failure;
}
