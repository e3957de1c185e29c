/**
 * Printed with an entry that names the bridge's URL, for a person who types it elsewhere: the bridge
 * listens on 127.0.0.1 only, and a client told `localhost` may try [::1] first and hand the agent's
 * token to whatever program holds [::1]:PORT.
 */
export function bridgeAddressNote(bridgeUrl: string): string {
  const port = new URL(bridgeUrl).port;
  return `the bridge's address is ${bridgeUrl}: where you write it yourself, keep 127.0.0.1, never localhost or [::1] (a client may send localhost to [::1]:${port}, which another program may hold, the token with it; the bridge refuses those names)`;
}
