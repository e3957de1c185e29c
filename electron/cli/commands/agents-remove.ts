import type { AppApi } from '../../../shared/api';
import type { Output } from '../output';

type ClientCalls = Pick<AppApi, 'listClients' | 'disconnectClient'>;

/**
 * Removes `agent`'s entry from every client's file. Each file is looked at under its lock, not in a
 * list read before: that read, made while another removal renames its new file into place, finds the
 * file replaced and sees no entry, which would be left behind. A file that cannot be read is said to
 * keep whatever entry it holds.
 */
export async function removeFromClients(api: ClientCalls, agent: string, output: Output): Promise<void> {
  for (const client of await api.listClients({})) {
    try {
      const change = await api.disconnectClient({ agent, client: client.client });
      if (!change.plan.unchanged) output.out(`Removed its entry from ${change.plan.file}${change.backup ? ` (the file as it was: ${change.backup})` : ''}.`);
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      output.err(`note: ${client.label}'s ${client.file} was not changed (${why}): an entry of ${agent} it holds stays. Fix that, then run \`connected-services agents disconnect ${agent} --client ${client.client}\`.`);
    }
  }
}
