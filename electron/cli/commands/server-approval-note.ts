import type { ServerStatus } from '../../../shared/api';

/** Why a server does not run yet, with the command that lets it: its command (stdio) or where its secrets go (HTTP) waits for approval. */
export function serverApprovalNote(server: Pick<ServerStatus, 'name' | 'transport'>): string {
  const what = server.transport === 'stdio' ? 'its command' : 'where it sends secrets';
  return `${server.name} waits for your approval of ${what} before it runs: connected-services servers approve ${server.name}`;
}
