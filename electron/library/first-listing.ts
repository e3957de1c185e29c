import { needsFirstStart, type AppApi } from '../../shared/api';

/**
 * Before a named server's listing: start it once if it was never inventoried, as `connected-services
 * tools NAME` does, so a program's first `listTools('files')` after approving it is not empty. Without a
 * name nothing starts (a listing of every server would start them all); a sign-in is never begun here
 * (`connect` does that). A server that cannot start says why, rather than listing nothing: one
 * waiting for approval or disabled that never listed is refused as `connect` refuses it.
 */
export async function startOnceForListing(api: AppApi, server: string | undefined): Promise<void> {
  if (server === undefined) return;
  const status = (await api.status({})).servers.find((s) => s.name === server);
  if (status === undefined) return;
  // One that cannot start (waiting for approval, disabled) and never listed: connect's refusal says why, not an empty list.
  if (needsFirstStart(status) || status.inventoryUpdatedAt === undefined) await api.connect({ name: server, signIn: false });
}
