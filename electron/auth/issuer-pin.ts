import { z } from 'zod';
import { CodedError } from '../../shared/errors';
import { vaultKey, type Vault, type VaultKey } from '../../shared/vault';
import type { AnyOAuth } from './auth-config';
import { listTokens } from './token-record';

/**
 * A configured client secret belongs to one authorization server (RFC 6749 §2.2: client credentials are
 * issued by, and valid at, one AS). Discovery names the AS, and the protected resource's metadata can
 * change, so the issuer a configured secret was first used with successfully is kept here, beside the
 * server's tokens, and the secret is sent to no other issuer until a person says so.
 */
const PIN_KIND = 'client:issuer';

const PinSchema = z.object({
  v: z.literal(1),
  clientId: z.string(),
  issuer: z.string(),
  pinnedAt: z.number(),
});
type Pin = z.infer<typeof PinSchema>;

export function issuerPinKey(server: string): VaultKey {
  return vaultKey(server, PIN_KIND);
}

/** The configured client id whose secret is pinned; undefined when the config holds no secret. */
function pinnedClient(auth: AnyOAuth): string | undefined {
  return auth.clientId !== undefined && auth.clientSecret !== undefined ? auth.clientId : undefined;
}

async function readPin(vault: Vault, server: string): Promise<Pin | undefined> {
  const raw = await vault.get(issuerPinKey(server));
  if (raw === undefined) return undefined;
  try {
    const parsed = PinSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The issuer this server's configured secret is pinned to: the stored pin, else (tokens obtained before
 * pins existed) the issuer of its newest tokens obtained with that same configured client.
 */
export async function pinnedIssuer(vault: Vault, server: string, auth: AnyOAuth): Promise<string | undefined> {
  const clientId = pinnedClient(auth);
  if (clientId === undefined) return undefined;
  const pin = await readPin(vault, server);
  if (pin?.clientId === clientId) return pin.issuer;
  const earlier = (await listTokens(vault, server)).find((s) => s.record.clientSource === 'preregistered' && s.record.clientId === clientId);
  return earlier?.record.issuer;
}

/**
 * Refuses to use the configured secret with an issuer other than `pinned` (see pinnedIssuer). A configured
 * `authServerMetadataUrl` is the person's own choice of issuer and needs no pin.
 * @throws CodedError denied
 */
export function assertPinnedIssuer(server: string, auth: AnyOAuth, issuer: string, pinned: string | undefined): void {
  const named = auth.authServerMetadataUrl !== undefined || ('issuer' in auth && auth.issuer !== undefined);
  if (named || pinned === undefined || pinned === issuer) return;
  throw new CodedError(
    'denied',
    `"${server}" now names the authorization server ${issuer}, but its client secret (client "${auth.clientId ?? ''}") was set up with ${pinned}; it is not sent to another server without your approval.`,
    {
      hint:
        `If "${server}" really moved to ${issuer}, run \`connected-services disconnect ${server} --forget-issuer\`, then \`connected-services connect ${server}\` ` +
        `(or set "authServerMetadataUrl" in its "auth" to the new server's metadata URL). If you did not expect this, leave it: its metadata may have been tampered with.`,
      data: { server, issuer, pinnedIssuer: pinned },
    },
  );
}

/** Pins the issuer after the configured secret worked with it (no-op without a configured secret). */
export async function recordPinnedIssuer(vault: Vault, server: string, auth: AnyOAuth, issuer: string, now: number): Promise<void> {
  const clientId = pinnedClient(auth);
  if (clientId === undefined) return;
  const pin = await readPin(vault, server);
  if (pin?.clientId === clientId && pin.issuer === issuer) return;
  const next: Pin = { v: 1, clientId, issuer, pinnedAt: now };
  await vault.set(issuerPinKey(server), JSON.stringify(next));
}

/**
 * Forgets the pin (a person's decision), and the tokens obtained with a pre-registered client, which came
 * from the pinned issuer and would otherwise keep it pinned. Resolves the issuer forgotten, if any.
 */
export async function forgetPinnedIssuer(vault: Vault, server: string): Promise<string | undefined> {
  const pin = await readPin(vault, server);
  const earlier = (await listTokens(vault, server)).filter((s) => s.record.clientSource === 'preregistered');
  for (const stored of earlier) await vault.compareAndDelete(stored.key, stored.raw);
  await vault.delete(issuerPinKey(server));
  return pin?.issuer ?? earlier[0]?.record.issuer;
}
